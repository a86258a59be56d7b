import type { Order } from '@/types/api';

/** The order's delivery days (0..=6); derived from its id when an older server omits them. */
export function deliveryDaysOf(order: Pick<Order, '_id' | 'deliveryDays'>): number {
  if (typeof order.deliveryDays === 'number' && Number.isFinite(order.deliveryDays)) {
    return Math.min(6, Math.max(0, Math.trunc(order.deliveryDays)));
  }
  let hash = 0;
  for (const ch of order._id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % 7;
}

/** The expected delivery date: placed date plus the delivery days. */
export function deliveryDate(order: Pick<Order, '_id' | 'deliveryDays' | 'createdAt'>): string | null {
  const placed = Date.parse(order.createdAt);
  if (Number.isNaN(placed)) return null;
  return new Date(placed + deliveryDaysOf(order) * 86_400_000).toISOString();
}
