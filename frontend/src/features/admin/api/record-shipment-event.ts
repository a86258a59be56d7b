import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { queryKeys } from '@/lib/query-keys';
import type { CourierEventStatus, Ok, OrderWrite } from '@/types/api';
import { usePatchOrder } from './ship-order';

export type ShipmentEventInput = { id: string; status: CourierEventStatus; note?: string };

/**
 * `POST /shipment/event/{id}` (the manual courier): `Event recorded` with the order; a step the
 * lifecycle refuses is a 409 with its message (`Order has not shipped`, `Order Delivered`...).
 */
export const recordShipmentEvent = ({ id, status, note }: ShipmentEventInput) =>
  api.post<Ok<OrderWrite>>(`/shipment/event/${encodeURIComponent(id)}`, note ? { status, note } : { status });

export const useRecordShipmentEvent = () => {
  const patch = usePatchOrder();
  return useInvalidatingMutation({
    mutationFn: recordShipmentEvent,
    onSuccess: (reply) => patch(reply.order),
    // A return to origin puts stock back: the products' pages show it.
    invalidates: [queryKeys.orders.all, queryKeys.admin.stats(), queryKeys.products.all],
  });
};
