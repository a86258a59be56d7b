import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok } from '@/types/api';

export const deleteProduct = (id: string) =>
  api.delete<Ok<{ message?: string }>>(`/product/delete/${encodeURIComponent(id)}`);

export const useDeleteProduct = () =>
  useInvalidatingMutation({
    mutationFn: deleteProduct,
    invalidates: [queryKeys.products.all],
  });
