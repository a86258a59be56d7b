import { formatRupees } from '@/lib/format';
import type { Order } from '@/types/api';

/**
 * What a coupon did to an order, as label and value rows (`Subtotal ₹2,500`, `Coupon WELCOME10
 * −₹250`) to show above its amount; none for an order without a coupon.
 */
export function couponRows(order: Pick<Order, 'coupon' | 'discount' | 'amount'> & Partial<Pick<Order, 'subtotal'>>) {
  if (!order.coupon) return [];
  const discount = order.discount ?? 0;
  const subtotal = order.subtotal ?? order.amount + discount;
  return [
    { label: 'Subtotal', value: formatRupees(subtotal) },
    { label: `Coupon ${order.coupon}`, value: `−${formatRupees(discount)}` },
  ];
}
