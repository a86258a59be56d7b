import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { queryKeys } from '@/lib/query-keys';
import type { ReturnReply } from './request-return';

/**
 * `PUT /return/cancel/{id}`: the shopper's, before pickup; a reserved size goes back, and its
 * pairs to the order's `actions.returnable`.
 */
export const cancelReturn = (id: string) => api.put<ReturnReply>(`/return/cancel/${encodeURIComponent(id)}`);

export const useCancelReturn = () =>
  useInvalidatingMutation({
    mutationFn: cancelReturn,
    invalidates: [queryKeys.returns.all, queryKeys.products.all, queryKeys.orders.all],
  });
