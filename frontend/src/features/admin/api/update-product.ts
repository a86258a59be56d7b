import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ProductReply } from './create-product';

/** PUT /product/update-product/{id} (multipart). */
export const updateProduct = ({ id, form }: { id: string; form: FormData }) =>
  api.put<ProductReply>(`/product/update-product/${encodeURIComponent(id)}`, form);

export const useUpdateProduct = () =>
  useInvalidatingMutation({
    mutationFn: updateProduct,
    invalidates: [queryKeys.products.all],
  });
