import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ProductReply } from './create-product';

/** PUT /product/update-product/{id} (multipart). */
export const updateProduct = ({ id, form }: { id: string; form: FormData }) =>
  api.put<ProductReply>(`/product/update-product/${encodeURIComponent(id)}`, form);

export const useUpdateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
  });
};
