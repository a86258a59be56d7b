import { useQueryClient } from '@tanstack/react-query';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { request } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Order, OrderWithHistory } from '@/types/api';

export type MarkPaidReply = Ok<{ message: string; order?: Order }>;

/** Records the cash of a cash on delivery order as received (decisions D8); a PUT with no body. */
export const markOrderPaid = (id: string) =>
  request<MarkPaidReply>(`/order/mark-paid/${encodeURIComponent(id)}`, { method: 'PUT' });

export const useMarkOrderPaid = () => {
  const queryClient = useQueryClient();
  return useInvalidatingMutation({
    mutationFn: markOrderPaid,
    onSuccess: (reply, id) => {
      // The row and the order page show Paid at once; the refetch below confirms it.
      const patch = (order: Order): Order => (order._id === id ? { ...order, paid: true, ...reply.order } : order);
      queryClient.setQueryData<Order[]>(queryKeys.orders.admin(), (list) => list?.map(patch));
      queryClient.setQueryData<OrderWithHistory>(queryKeys.orders.detail(id), (detail) =>
        detail ? { ...detail, order: patch(detail.order) } : detail,
      );
    },
    invalidates: [queryKeys.orders.all, queryKeys.admin.stats()],
  });
};
