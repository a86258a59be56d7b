import type { RefundTo, ReturnLine, ReturnStatus } from '@/types/returns';

/** `Trail Runner (UK 8)`, or the name alone for a product without sizes. */
export const lineName = (line: Pick<ReturnLine, 'name' | 'size'>) =>
  line.size ? `${line.name} (${line.size})` : line.name;

/** `Exchange for UK 9` or `Refund`. */
export const kindText = (line: Pick<ReturnLine, 'kind' | 'newSize'>) =>
  line.kind === 'exchange' ? `Exchange for ${line.newSize ?? 'another size'}` : 'Refund';

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
