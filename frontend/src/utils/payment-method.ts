import { formatRupees } from '@/lib/format';
import type { Order } from '@/types/api';

type PaymentFacts = Pick<Order, 'paymentMethod' | 'paid' | 'amount' | 'actions'> & Partial<Pick<Order, 'creditUsed'>>;

/** A cash on delivery order (orders from before it existed have no `paymentMethod`: online). */
export const isCashOnDelivery = (order: Pick<Order, 'paymentMethod'>): boolean => order.paymentMethod === 'cod';

/**
 * Cash still to come: the server offers `Mark paid` (`actions.markPaid`, decisions D30: an unpaid
 * cash on delivery order not cancelled).
 */
export const isAwaitingCash = (order: Pick<Order, 'actions'>): boolean => order.actions.markPaid.allowed;

/**
 * How an order is paid, as the orders pages say it (decisions D8): `Cash on Delivery · ₹X to
 * collect` (the amount less what store credit paid), `Cash on Delivery · Paid`, a cancelled unpaid one just `Cash on Delivery` (there is
 * nothing to collect), and `Paid online` for the rest.
 */
export function paymentText(order: PaymentFacts): string {
  if (!isCashOnDelivery(order)) return 'Paid online';
  if (order.paid === true) return 'Cash on Delivery · Paid';
  if (!isAwaitingCash(order)) return 'Cash on Delivery';
  return `Cash on Delivery · ${formatRupees(order.amount - (order.creditUsed ?? 0))} to collect`;
}

/** `Paid by store credit ₹N` when store credit paid part of the order, else `null`. */
export const creditText = (order: Partial<Pick<Order, 'creditUsed'>>): string | null =>
  (order.creditUsed ?? 0) > 0 ? `Paid by store credit ${formatRupees(order.creditUsed ?? 0)}` : null;

/** A payment id to show: an en dash while there is none (cash on delivery before it is paid). */
export const paymentIdText = (order: Pick<Order, 'paymentId'>): string => order.paymentId || '–';
