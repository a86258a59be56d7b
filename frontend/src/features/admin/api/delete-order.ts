import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok } from '@/types/api';

/** Cancels the order: the server puts the stock back and refunds. */
export const deleteOrder = (id: string) => api.get<Ok<{ message: string }>>(`/order/delete/${encodeURIComponent(id)}`);

export const useDeleteOrder = () =>
  useInvalidatingMutation({
    mutationFn: deleteOrder,
    invalidates: [queryKeys.orders.all, queryKeys.products.all],
  });
