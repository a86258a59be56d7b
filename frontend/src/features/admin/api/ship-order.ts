import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Order, OrderWithHistory, OrderWrite, ShipBody } from '@/types/api';

export type ShipOrderInput = { id: string; body: ShipBody };
export type ShipOrderReply = Ok<OrderWrite>;

/**
 * `POST /shipment/create/{id}` (decisions section 15): 201 `Order shipped` with the order, or
 * 200 with the shipment it already had; refusals (400, 409) come back as `ApiError`s.
 */
export const shipOrder = ({ id, body }: ShipOrderInput) =>
  api.post<ShipOrderReply>(`/shipment/create/${encodeURIComponent(id)}`, body);

/** Puts the order a write answered with into the admin's list and its page at once. */
export function usePatchOrder() {
  const queryClient = useQueryClient();
  return (order: Order | undefined) => {
    if (!order) return;
    queryClient.setQueryData<Order[]>(queryKeys.orders.admin(), (list) =>
      list?.map((o) => (o._id === order._id ? order : o)),
    );
    queryClient.setQueryData<OrderWithHistory>(queryKeys.orders.detail(order._id), (detail) =>
      detail ? { ...detail, order } : detail,
    );
  };
}
