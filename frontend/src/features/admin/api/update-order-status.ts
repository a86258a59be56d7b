import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok } from '@/types/api';

export type UpdateOrderStatusInput = { id: string; status: string };

export const updateOrderStatus = ({ id, status }: UpdateOrderStatusInput) =>
  api.put<Ok<{ message: string }>>(`/order/update-status/${encodeURIComponent(id)}`, { status });

export const useUpdateOrderStatus = () =>
  useInvalidatingMutation({
    mutationFn: updateOrderStatus,
    invalidates: [queryKeys.orders.all],
  });
