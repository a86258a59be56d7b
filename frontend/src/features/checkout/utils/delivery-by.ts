import { formatShortDay } from '@/lib/format';
import type { DeliveryReply } from '../api/check-delivery';

/**
 * `Delivery by Thu, 3 Dec` (decisions section 15): the estimate's last day, in en-IN without the
 * year, once a pincode was checked and is deliverable; `null` otherwise (not deliverable, no
 * estimate, a date that does not parse).
 */
export function deliveryByText(
  reply: Pick<DeliveryReply, 'deliverable' | 'estimate'> | null | undefined,
): string | null {
  if (!reply?.deliverable || !reply.estimate) return null;
  const day = formatShortDay(reply.estimate.to);
  return day ? `Delivery by ${day}` : null;
}
