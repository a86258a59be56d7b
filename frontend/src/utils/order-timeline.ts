import { formatShortDay } from '@/lib/format';
import type { Order, OrderStatus, StatusChange } from '@/types/api';
import { failedAttempts, isDeliveryFailed, lastAttempt, lastEvent } from './shipment';

/** Where a step stands: taken, the one the order is at, or still to come. */
export type StepState = 'done' | 'current' | 'upcoming';
/** How it is drawn: the usual way, in red (a failed attempt), as an end (cancelled, back), or delivered. */
export type StepTone = 'normal' | 'danger' | 'ended' | 'success';

export type TimelineStep = {
  key:
    | 'placed'
    | 'confirmed'
    | 'shipped'
    | 'out-for-delivery'
    | 'delivery-failed'
    | 'delivered'
    | 'returned'
    | 'cancelled';
  label: string;
  /** When it happened (ISO instant), `null` when not known or not yet. */
  at: string | null;
  /** A line under the label: courier and AWB, a note, the expected day. */
  detail: string | null;
  state: StepState;
  tone: StepTone;
};

type TimelineOrder = Pick<Order, 'status' | 'createdAt' | 'shipment'>;

/** The road an order takes when nothing goes wrong, by rank. */
const RANK: Partial<Record<OrderStatus, number>> = {
  Pending: 0,
  Confirmed: 1,
  Shipped: 2,
  'Out for delivery': 3,
  Delivered: 4,
};

/** When the order last took `status` by its history (the admin's order page has it), else `null`. */
const lastSet = (history: readonly StatusChange[], status: OrderStatus): string | null =>
  history.filter((h) => h.status === status).at(-1)?.at ?? null;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The steps an order's timeline shows, oldest first (decisions section 15): Placed, Confirmed,
 * Shipped (courier and AWB), Out for delivery, Delivered, each dated when known: `createdAt`, the
 * history's entries (the admin's page), `shipment.shippedAt`, the courier's events, `deliveredAt`.
 *
 * A failed attempt that left the parcel with the courier takes the place of `Out for delivery`
 * (`Delivery failed`, in red, with the courier's note); a return to origin or a cancellation ends
 * the road where the order was, with nothing after it.
 */
export function orderTimeline(order: TimelineOrder, history: readonly StatusChange[] = []): TimelineStep[] {
  const shipment = order.shipment ?? null;
  const shippedAt = shipment?.shippedAt ?? lastSet(history, 'Shipped');
  const shippedDetail = shipment ? `${shipment.courier} · AWB ${shipment.awb}` : null;
  const outAt = lastEvent(order, 'Out for delivery')?.at ?? lastSet(history, 'Out for delivery');
  const failed = failedAttempts(order);

  const step = (
    key: TimelineStep['key'],
    label: string,
    at: string | null,
    detail: string | null = null,
  ): Omit<TimelineStep, 'state' | 'tone'> => ({ key, label, at, detail });

  const placed = step('placed', 'Placed', order.createdAt || null);
  // An order shipped straight from Pending never was Confirmed: its history (when known) says so.
  const confirmedAt = lastSet(history, 'Confirmed');
  const skipped = history.length > 0 && !confirmedAt && (RANK[order.status] ?? 0) > 1;
  const confirmed = step('confirmed', 'Confirmed', confirmedAt, skipped ? 'Skipped' : null);
  const shipped = step('shipped', 'Shipped', shippedAt, shippedDetail);

  const ended = (status: 'Cancelled' | 'Returned to origin'): TimelineStep[] => {
    const taken: Omit<TimelineStep, 'state' | 'tone'>[] = [placed];
    if (status === 'Cancelled') {
      // Cancelled before shipping: it was confirmed only if its history says so.
      if (confirmed.at) taken.push(confirmed);
      const end = step('cancelled', 'Cancelled', lastSet(history, 'Cancelled'));
      return [...taken.map((s) => ({ ...s, state: 'done' as const, tone: 'normal' as const })), current(end, 'ended')];
    }
    taken.push(confirmed, shipped);
    if (outAt) taken.push(step('out-for-delivery', 'Out for delivery', outAt));
    const steps: TimelineStep[] = taken.map((s) => ({ ...s, state: 'done', tone: 'normal' }));
    if (failed > 0) {
      const attempt = lastEvent(order, 'Delivery failed');
      steps.push({
        ...step('delivery-failed', 'Delivery failed', attempt?.at ?? null, attempt?.note ?? null),
        state: 'done',
        tone: 'danger',
      });
    }
    const back = lastEvent(order, 'Returned to origin');
    steps.push(
      current(
        step('returned', 'Returned to origin', back?.at ?? lastSet(history, 'Returned to origin'), back?.note ?? null),
        'ended',
      ),
    );
    return steps;
  };

  if (order.status === 'Cancelled' || order.status === 'Returned to origin') return ended(order.status);

  const failedNow = isDeliveryFailed(order);
  // After a failed attempt the order is `Shipped` again, but its road stands at the attempt.
  const rank = failedNow ? 3 : (RANK[order.status] ?? 0);
  const stateAt = (i: number): StepState => (i < rank ? 'done' : i === rank ? 'current' : 'upcoming');

  let out: Omit<TimelineStep, 'state' | 'tone'>;
  if (failedNow) {
    const attempt = lastAttempt(order);
    const detail = [attempt?.note, failed > 1 ? `${plural(failed, 'attempt')} failed` : null]
      .filter(Boolean)
      .join(' · ');
    out = step('delivery-failed', 'Delivery failed', attempt?.at ?? null, detail || null);
  } else {
    out = step(
      'out-for-delivery',
      'Out for delivery',
      outAt,
      failed > 0 ? `after ${plural(failed, 'failed attempt')}` : null,
    );
  }

  const deliveredAt =
    shipment?.deliveredAt ?? lastEvent(order, 'Delivered')?.at ?? (rank === 4 ? lastSet(history, 'Delivered') : null);
  const expectedDay = rank < 4 && shipment?.expectedBy ? formatShortDay(shipment.expectedBy) : '';
  const delivered = step('delivered', 'Delivered', deliveredAt, expectedDay ? `Expected by ${expectedDay}` : null);

  return [placed, confirmed, shipped, out, delivered].map((s, i) => {
    const state = stateAt(i);
    const tone: StepTone =
      s.key === 'delivery-failed' ? 'danger' : s.key === 'delivered' && state === 'current' ? 'success' : 'normal';
    // What is still to come has no date yet (one left from an earlier round would mislead).
    return { ...s, at: state === 'upcoming' ? null : s.at, state, tone };
  });
}

function current(s: Omit<TimelineStep, 'state' | 'tone'>, tone: StepTone): TimelineStep {
  return { ...s, state: 'current', tone };
}
