import type { Order } from '@/types/api';
import { confirmationPlace } from '@/utils/cod-confirmation';
import { isDeliveryFailed, isInTransit, isShippable } from '@/utils/shipment';

/** The admin orders screen's chips (decisions section 15), in the order shown. */
export const ORDER_FILTERS = [
  { key: 'all', label: 'All' },
  { key: 'to-ship', label: 'To ship' },
  { key: 'in-transit', label: 'In transit' },
  { key: 'delivery-failed', label: 'Delivery failed' },
  { key: 'returned', label: 'Returned to origin' },
] as const;

export type OrderFilter = (typeof ORDER_FILTERS)[number]['key'];

const MATCHES: Record<OrderFilter, (order: Order) => boolean> = {
  all: () => true,
  // What the server would hand to a courier now (`actions.ship`).
  'to-ship': isShippable,
  // Shipped or out for delivery, whatever the last attempt did.
  'in-transit': isInTransit,
  // The last attempt failed and the parcel is neither delivered nor back.
  'delivery-failed': isDeliveryFailed,
  returned: (order) => order.status === 'Returned to origin',
};

/** The filter a search parameter names; `all` for anything else. */
export function parseOrderFilter(value: string | null): OrderFilter {
  return ORDER_FILTERS.some((f) => f.key === value) ? (value as OrderFilter) : 'all';
}

/**
 * The orders a chip shows: the list's own order (newest first), except `To ship`: confirmed
 * (and paid) orders first, then those awaiting the buyer's answer, then the unanswered
 * (decisions D39), each oldest first (the one waiting longest goes out first).
 */
export function filterOrders(orders: readonly Order[], filter: OrderFilter): Order[] {
  const shown = orders.filter(MATCHES[filter]);
  if (filter === 'to-ship') {
    shown.sort(
      (a, b) => confirmationPlace(a) - confirmationPlace(b) || Date.parse(a.createdAt) - Date.parse(b.createdAt),
    );
  }
  return shown;
}

/** How many orders each chip would show. */
export function countOrders(orders: readonly Order[]): Record<OrderFilter, number> {
  const counts = { all: 0, 'to-ship': 0, 'in-transit': 0, 'delivery-failed': 0, returned: 0 };
  for (const order of orders) {
    for (const { key } of ORDER_FILTERS) if (MATCHES[key](order)) counts[key] += 1;
  }
  return counts;
}
