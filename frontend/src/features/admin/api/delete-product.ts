import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok } from '@/types/api';

export const deleteProduct = (id: string) =>
  api.delete<Ok<{ message?: string }>>(`/product/delete/${encodeURIComponent(id)}`);

export const useDeleteProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
  });
};
