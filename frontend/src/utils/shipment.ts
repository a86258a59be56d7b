import type { Order, TrackingEvent } from '@/types/api';

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

/** May be handed to a courier now, as the server's `actions.ship` says (decisions D30). */
export const isShippable = (order: Pick<Order, 'actions'>): boolean => order.actions.ship.allowed;
