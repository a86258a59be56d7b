import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok } from '@/types/api';

export const deleteSale = (id: string) =>
  api.get<Ok<{ message?: string }>>(`/sale/delete-sale/${encodeURIComponent(id)}`);

export const useDeleteSale = () =>
  useInvalidatingMutation({
    mutationFn: deleteSale,
    invalidates: [queryKeys.sales.all],
  });
