import type { RefundTo, ReturnLine, ReturnReason, ReturnStatus } from '@/types/api';
import { lineTitle, variantWords } from '@/utils/variants';

/**
 * `list` as given, when it names every member of the union `T` and nothing else: a value the
 * server's contract adds or drops fails the type check here, not on a screen.
 */
const everyOf =
  <T extends string>() =>
  <const L extends readonly T[]>(
    list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> }),
  ): L =>
    list;

/** Why a pair comes back: the five reasons, in the order the form offers them. */
export const RETURN_REASONS = everyOf<ReturnReason>()([
  'Too small',
  'Too big',
  'Damaged',
  'Not as described',
  'Changed my mind',
]);

/** A return's lifecycle in order (the admin's filter): the road, and the two ends off it. */
export const RETURN_STATUSES = everyOf<ReturnStatus>()([
  'Requested',
  'Approved',
  'Picked up',
  'Received',
  'Completed',
  'Rejected',
  'Cancelled',
]);

/**
 * The line bought, as the server names it (decisions D44): `Trail Runner (Tan, UK 8)`,
 * `Trail Runner (UK 8)` without a colour, the name alone without either.
 */
export const lineName = (line: Pick<ReturnLine, 'name' | 'size' | 'color'>) =>
  lineTitle(line.name, line.color, line.size);

/** `Exchange for Black, UK 9` (another colour may be picked, D44), `Exchange for UK 9`, or `Refund`. */
export const kindText = (line: Pick<ReturnLine, 'kind' | 'newSize' | 'newColor'>) =>
  line.kind === 'exchange' ? `Exchange for ${variantWords(line.newColor, line.newSize) || 'another size'}` : 'Refund';

/** Where a refund went, after `Refund ₹N`. */
export const REFUND_TO_TEXT: Record<RefundTo, string> = {
  original: 'to the original payment',
  credit: 'as store credit',
  bank: 'to a bank account',
};

/** The badge of a return's status. */
export const RETURN_BADGE: Record<ReturnStatus, string> = {
  Requested: 'badge-warning',
  Approved: '',
  'Picked up': '',
  Received: '',
  Completed: 'badge-success',
  Rejected: 'badge-danger',
  Cancelled: 'badge-neutral',
};
