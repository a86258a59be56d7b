import { DownloadCreditNoteButton } from '@/components/ui/download-credit-note-button';
import { errorMessage } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { notify } from '@/lib/notify';
import type { Return } from '@/types/api';
import { REFUND_TO_TEXT, RETURN_BADGE } from '@/utils/return-text';
import { useCancelReturn } from '../api/cancel-return';
import { ReturnLines } from './return-lines';
import { ReturnTimeline } from './return-timeline';

/** `Cancel return` while the server offers it (`actions.next`): its message toasted either way. */
function CancelReturnButton({ ret }: { ret: Return }) {
  const cancel = useCancelReturn();
  if (!ret.actions.next.includes('cancel')) return null;
  return (
    <button
      type="button"
      className="btn btn-danger btn-sm"
      disabled={cancel.isPending}
      onClick={() =>
        cancel.mutate(ret._id, {
          onSuccess: (reply) => notify.success(reply.message || 'Return cancelled'),
          onError: (error) => notify.error(errorMessage(error, 'Failed to cancel return')),
        })
      }
    >
      {cancel.isPending ? 'Cancelling...' : 'Cancel return'}
    </button>
  );
}

/** The courier's reverse pickup, once approval booked one (Shiprocket): who collects, its AWB, where to follow it. */
function PickupLine({ ret }: { ret: Return }) {
  const pickup = ret.pickup;
  if (!pickup) return null;
  return (
    <p className="return-pickup">
      Pickup by {pickup.courier} · AWB <span className="timeline-detail-part">{pickup.awb}</span>
      {pickup.arrivedAt ? ' · Arrived at the shop' : null}
      {pickup.trackingUrl ? (
        <>
          {' '}
          <a href={pickup.trackingUrl} target="_blank" rel="noopener noreferrer">
            Track pickup
          </a>
        </>
      ) : null}
    </p>
  );
}

/**
 * Completed without anywhere the money went: the pairs failed the quality check, and a failed
 * check refunds nothing (the return's JSON has no `qc` of its own).
 */
const notRefunded = (ret: Return) => ret.status === 'Completed' && !ret.refundTo && !ret.creditNoteNo;

/**
 * One return of an order, on my orders (decisions section 16): its number and status, its steps
 * as a timeline, its lines, the refund, `Cancel return` before pickup and `Download credit note`
 * once refunded.
 */
export function ReturnProgress({ ret, now }: { ret: Return; now?: Date }) {
  const refunds = ret.lines.some((l) => l.kind === 'refund');
  return (
    <section className="return-progress" aria-label={`Return ${ret.number}`}>
      <header className="return-progress-head">
        <h3>Return {ret.number}</h3>
        <span className={`badge ${RETURN_BADGE[ret.status] ?? 'badge-neutral'}`}>{ret.status}</span>
      </header>
      <ReturnTimeline ret={ret} now={now} />
      <PickupLine ret={ret} />
      {ret.replacementOrderId ? (
        <p className="return-replacement">
          New size ships as order ID <strong>{ret.replacementOrderId}</strong>
        </p>
      ) : null}
      <ReturnLines lines={ret.lines} />
      {refunds && notRefunded(ret) ? (
        <p className="return-refund">Not refunded: the pairs did not pass our check</p>
      ) : refunds ? (
        <p className="return-refund">
          Refund <strong>{formatRupees(ret.refundAmount)}</strong>
          {ret.refundTo ? ` ${REFUND_TO_TEXT[ret.refundTo] ?? ''}` : null}
          {ret.creditNoteNo ? (
            <span className="muted return-credit-note"> · Credit note {ret.creditNoteNo}</span>
          ) : null}
        </p>
      ) : null}
      <div className="return-actions">
        <DownloadCreditNoteButton ret={ret} />
        <CancelReturnButton ret={ret} />
      </div>
    </section>
  );
}
