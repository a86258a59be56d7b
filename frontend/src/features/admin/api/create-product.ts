import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Product } from '@/types/api';

export type ProductReply = Ok<{ message: string; product: Product }>;

/** POST /product/create-product (multipart). */
export const createProduct = (form: FormData) => api.post<ProductReply>('/product/create-product', form);

export const useCreateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
  });
};
