import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Product } from '@/types/api';

export type ProductReply = Ok<{ message: string; product: Product }>;

/** POST /product/create-product (multipart). */
export const createProduct = (form: FormData) => api.post<ProductReply>('/product/create-product', form);

export const useCreateProduct = () =>
  useInvalidatingMutation({
    mutationFn: createProduct,
    invalidates: [queryKeys.products.all],
  });
