import { formatRupees } from '@/lib/format';
import type { Order } from '@/types/api';

type PaymentFacts = Pick<Order, 'paymentMethod' | 'paid' | 'amount' | 'status'> & Partial<Pick<Order, 'creditUsed'>>;

/** A cash on delivery order (orders from before it existed have no `paymentMethod`: online). */
export const isCashOnDelivery = (order: Pick<Order, 'paymentMethod'>): boolean => order.paymentMethod === 'cod';

/** A cash on delivery order whose money is still to come: not paid and not cancelled. */
export const isAwaitingCash = (order: PaymentFacts): boolean =>
  isCashOnDelivery(order) && order.paid !== true && order.status !== 'Cancelled';

/**
 * How an order is paid, as the orders pages say it (decisions D8): `Cash on Delivery · ₹X to
 * collect` (the amount less what store credit paid), `Cash on Delivery · Paid`, a cancelled unpaid one just `Cash on Delivery` (there is
 * nothing to collect), and `Paid online` for the rest.
 */
export function paymentText(order: PaymentFacts): string {
  if (!isCashOnDelivery(order)) return 'Paid online';
  if (order.paid === true) return 'Cash on Delivery · Paid';
  if (order.status === 'Cancelled') return 'Cash on Delivery';
  return `Cash on Delivery · ${formatRupees(order.amount - (order.creditUsed ?? 0))} to collect`;
}

/** `Paid by store credit ₹N` when store credit paid part of the order, else `null`. */
export const creditText = (order: Partial<Pick<Order, 'creditUsed'>>): string | null =>
  (order.creditUsed ?? 0) > 0 ? `Paid by store credit ${formatRupees(order.creditUsed ?? 0)}` : null;

/** A payment id to show: an en dash while there is none (cash on delivery before it is paid). */
export const paymentIdText = (order: Pick<Order, 'paymentId'>): string => order.paymentId || '–';
