import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok } from '@/types/api';

export const cancelOrder = (orderId: string) =>
  api.get<Ok<{ message: string }>>(`/order/delete/${encodeURIComponent(orderId)}`);

export const useCancelOrder = () =>
  useInvalidatingMutation({
    mutationFn: cancelOrder,
    invalidates: [queryKeys.orders.all, queryKeys.products.all],
  });
