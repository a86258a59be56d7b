import { ApiError, errorMessage } from '@/lib/api-client';
import type { ShipBody } from '@/types/api';

/** What `Ship selected` reports while it runs: `Shipping 3 of 10`. */
export type ShipProgress = { done: number; total: number; current: string | null };

export type ShipOutcome<R> = { id: string; ok: true; reply: R } | { id: string; ok: false; message: string };

/** `Shipping 3 of 10` while the third of ten is being sent. */
export const progressText = ({ done, total }: ShipProgress) => `Shipping ${Math.min(done + 1, total)} of ${total}`;

/**
 * Ships each order in turn (one call per order, as the manual courier needs one AWB each), so a
 * failure names its order and the others still go: nothing shipped is undone. `onProgress` hears
 * before each call and once at the end; `onOutcome` hears each order's result as it comes.
 */
export async function shipEach<T extends { id: string }, R>(
  items: readonly T[],
  ship: (item: T) => Promise<R>,
  {
    onProgress,
    onOutcome,
  }: { onProgress?: (progress: ShipProgress) => void; onOutcome?: (outcome: ShipOutcome<R>) => void } = {},
): Promise<ShipOutcome<R>[]> {
  const outcomes: ShipOutcome<R>[] = [];
  for (const [done, item] of items.entries()) {
    onProgress?.({ done, total: items.length, current: item.id });
    let outcome: ShipOutcome<R>;
    try {
      outcome = { id: item.id, ok: true, reply: await ship(item) };
    } catch (error) {
      outcome = { id: item.id, ok: false, message: shipFailure(error) };
    }
    outcomes.push(outcome);
    onOutcome?.(outcome);
  }
  onProgress?.({ done: items.length, total: items.length, current: null });
  return outcomes;
}

/**
 * Why an order could not be shipped: the server's words for a refusal, and for its 502 `Courier
 * is not answering, try again` too (it says what to do); else `Failed to ship the order`.
 */
export function shipFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 502 && error.message) return error.message;
  return errorMessage(error, 'Failed to ship the order');
}

/** `{awb}` in the tracking URL stands for each order's AWB: one courier, one address pattern. */
export const AWB_PLACEHOLDER = '{awb}';

/** What is sent for one order: empty fields left out (a courier that books itself needs none). */
export function shipBody(courier: string, awb: string, trackingUrl: string): ShipBody {
  const body: ShipBody = {};
  if (courier.trim()) body.courier = courier.trim();
  if (awb.trim()) body.awb = awb.trim();
  const url = trackingUrl.trim().replaceAll(AWB_PLACEHOLDER, encodeURIComponent(awb.trim()));
  if (url) body.trackingUrl = url;
  return body;
}
