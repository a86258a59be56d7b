import type { CodConfirmation, Order } from '@/types/api';

/** The admin's chip for each answer the server reports (decisions D39). */
const LABELS: Record<CodConfirmation, string> = {
  confirmed: 'Confirmed',
  awaiting: 'Awaiting',
  unanswered: 'Unanswered',
};

/** The buyer's own words for where their answer stands, on their order (decisions D45). */
const BUYER_LABELS: Record<CodConfirmation, string> = {
  confirmed: 'Confirmed by you',
  awaiting: 'Waiting for your confirmation',
  unanswered: 'Not confirmed',
};

/** Where `To ship` puts each: confirmed first, then awaiting, unanswered last (section 20). */
const PLACE: Record<CodConfirmation, number> = { confirmed: 0, awaiting: 1, unanswered: 2 };

type Confirmable = Pick<Order, 'codConfirmation'>;

/** `Confirmed` / `Awaiting` / `Unanswered`; `null` for an order the buyer was not asked about. */
export const confirmationLabel = (order: Confirmable): string | null =>
  order.codConfirmation ? LABELS[order.codConfirmation] : null;

/** The buyer's view of the same answer; `null` for an order they were not asked about. */
export const buyerConfirmationLabel = (order: Confirmable): string | null =>
  order.codConfirmation ? BUYER_LABELS[order.codConfirmation] : null;

/** The buyer was asked and has not confirmed (yet): shipping it asks first. */
export const isUnconfirmed = (order: Confirmable): boolean =>
  order.codConfirmation === 'awaiting' || order.codConfirmation === 'unanswered';

/** Its place in `To ship`; an order nobody had to confirm (paid online) goes with the confirmed. */
export const confirmationPlace = (order: Confirmable): number =>
  order.codConfirmation ? PLACE[order.codConfirmation] : 0;

/** What `Ship` asks before handing unconfirmed cash-on-delivery orders to the courier. */
export function shipWithoutConfirmationQuestion(orders: readonly Confirmable[]): string | null {
  const unconfirmed = orders.filter(isUnconfirmed).length;
  if (unconfirmed === 0) return null;
  const which =
    orders.length === 1
      ? 'The buyer has not confirmed this cash on delivery order.'
      : `${unconfirmed} of these cash on delivery orders are not confirmed by their buyers.`;
  return `Ship without confirmation? ${which}`;
}
