import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok } from '@/types/api';

export const deleteSale = (id: string) =>
  api.get<Ok<{ message?: string }>>(`/sale/delete-sale/${encodeURIComponent(id)}`);

export const useDeleteSale = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSale,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.sales.all }),
  });
};
