import type { CourierEventStatus, Order, TrackingEvent } from '@/types/api';

type WithShipment = Pick<Order, 'status' | 'shipment'> & Partial<Pick<Order, 'replaces'>>;

/** The courier events that tell how a delivery attempt went, as the lifecycle reads them. */
const ATTEMPTS = new Set(['Out for delivery', 'Delivered', 'Delivery failed']);

/** The shipment's events, oldest first (the server sends them so; sorted again to be sure). */
export function eventsOf(order: Pick<Order, 'shipment'>): TrackingEvent[] {
  const events = order.shipment?.events ?? [];
  return [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** The latest event with this status, or `undefined`. */
export function lastEvent(order: Pick<Order, 'shipment'>, status: string): TrackingEvent | undefined {
  return eventsOf(order)
    .filter((e) => e.status === status)
    .at(-1);
}

/** The latest delivery attempt (out for delivery, delivered or failed), or `undefined`. */
export function lastAttempt(order: Pick<Order, 'shipment'>): TrackingEvent | undefined {
  return eventsOf(order)
    .filter((e) => ATTEMPTS.has(e.status))
    .at(-1);
}

/**
 * The courier's last attempt failed and the parcel is neither delivered nor back: the admin's
 * `Delivery failed` filter, and the timeline's red step (decisions section 15: after a failed
 * attempt the order is `Shipped` again).
 */
export function isDeliveryFailed(order: WithShipment): boolean {
  if (order.status !== 'Shipped' && order.status !== 'Out for delivery') return false;
  return lastAttempt(order)?.status === 'Delivery failed';
}

/** How many delivery attempts failed. */
export function failedAttempts(order: Pick<Order, 'shipment'>): number {
  return eventsOf(order).filter((e) => e.status === 'Delivery failed').length;
}

/** With the courier: shipped or out for delivery. */
export const isInTransit = (order: Pick<Order, 'status'>): boolean =>
  order.status === 'Shipped' || order.status === 'Out for delivery';

/** Waiting to be handed to a courier: `Pending` or `Confirmed` and no shipment yet. */
export const isToShip = (order: WithShipment): boolean =>
  (order.status === 'Pending' || order.status === 'Confirmed') && !order.shipment;

/**
 * Why cancelling is refused, in the server's words (decisions sections 15 and 16), or `null` when
 * it is allowed: `Pending` or `Confirmed` without a shipment, and not an exchange's replacement.
 */
export function cancelRefusal(order: WithShipment): string | null {
  if (order.replaces) return 'Replacement orders cannot be cancelled';
  if (order.status === 'Delivered') return 'Order Delivered';
  if (order.status === 'Cancelled') return 'Order Cancelled';
  return isToShip(order) ? null : 'Order has shipped';
}

/**
 * The courier events an admin may record by hand now (decisions section 15): a shipped parcel
 * may go out for delivery, be delivered, fail an attempt or come back; one out for delivery all
 * but go out again. Nothing before shipping or after an end.
 */
export function recordableEvents(order: Pick<Order, 'status'>): CourierEventStatus[] {
  switch (order.status) {
    case 'Shipped':
      return ['Out for delivery', 'Delivered', 'Delivery failed', 'Returned to origin'];
    case 'Out for delivery':
      return ['Delivered', 'Delivery failed', 'Returned to origin'];
    default:
      return [];
  }
}
