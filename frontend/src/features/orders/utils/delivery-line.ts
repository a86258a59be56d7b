import { formatLongDate, formatLongDay } from '@/lib/format';
import type { Order } from '@/types/api';
import { deliveryDate, deliveryDaysOf } from './delivery-days';

/**
 * The Delivery line (decisions section 15; decisions D19): `Delivered on <date>` once delivered,
 * `Expected by <date>` while the courier has a date, `Shipped on <date>` while it has none, the
 * spec's random line only for an order not shipped yet, and nothing for one that ended.
 */
export function deliveryText(order: Order): string | null {
  const { shipment } = order;
  if (order.status === 'Cancelled' || order.status === 'Returned to origin') return null;
  if (order.status === 'Delivered') {
    const at = shipment?.deliveredAt;
    return at && formatLongDate(at) ? `Delivered on ${formatLongDate(at)}` : 'Delivered';
  }
  if (shipment) {
    if (shipment.expectedBy && formatLongDay(shipment.expectedBy)) {
      return `Expected by ${formatLongDay(shipment.expectedBy)}`;
    }
    return `Shipped on ${formatLongDate(shipment.shippedAt)}`;
  }
  const days = deliveryDaysOf(order);
  const when = days === 0 ? 'today' : days === 1 ? 'in 1 day' : `in ${days} days`;
  const date = deliveryDate(order);
  return date ? `Delivery ${when} (by ${formatLongDate(date)})` : `Delivery ${when}`;
}
