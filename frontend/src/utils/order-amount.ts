import { formatRupees } from '@/lib/format';
import type { Order } from '@/types/api';

type Priced = Pick<Order, 'coupon' | 'discount' | 'amount'> &
  Partial<Pick<Order, 'subtotal' | 'prepaidDiscount' | 'codFee'>>;

/**
 * How an order's amount came about, as label and value rows to show above it (`Subtotal ₹2,500`,
 * `Coupon WELCOME10 −₹250`, `Paid online saving −₹112`, `Cash on delivery charge ₹49`), each as
 * the server priced it (decisions D41); none for an order that cost what its lines cost.
 */
export function amountRows(order: Priced) {
  const discount = order.coupon ? (order.discount ?? 0) : 0;
  const saving = order.prepaidDiscount ?? 0;
  const charge = order.codFee ?? 0;
  if (!order.coupon && saving === 0 && charge === 0) return [];
  const subtotal = order.subtotal ?? order.amount + discount + saving - charge;
  return [
    { label: 'Subtotal', value: formatRupees(subtotal) },
    ...(order.coupon ? [{ label: `Coupon ${order.coupon}`, value: `−${formatRupees(discount)}` }] : []),
    ...(saving > 0 ? [{ label: 'Paid online saving', value: `−${formatRupees(saving)}` }] : []),
    ...(charge > 0 ? [{ label: 'Cash on delivery charge', value: formatRupees(charge) }] : []),
  ];
}
