import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DownloadCreditNoteButton } from '@/components/ui/download-credit-note-button';
import { paths } from '@/config/paths';
import { formatRupees } from '@/lib/format';
import type { Return, ReturnStatus, ReturnStepName } from '@/types/api';
import { paymentText } from '@/utils/payment-method';
import { REFUND_TO_TEXT, RETURN_BADGE, RETURN_STATUSES, kindText, lineName } from '@/utils/return-text';
import { useAllOrders } from '../api/get-all-orders';
import { useAllReturns } from '../api/returns';
import { useReturnStep } from '../hooks/use-return-step';
import { formatIst, orderUserName } from '../utils/admin-format';
import { AdminTable } from './admin-table';
import { CompleteDialog, ReceiveDialog, RejectDialog } from './return-dialogs';

type Dialog = { kind: 'reject' | 'receive' | 'complete'; ret: Return } | null;

/** The status a search parameter names; '' (every return) for anything else. */
const parseStatus = (value: string | null): ReturnStatus | '' =>
  (RETURN_STATUSES as readonly string[]).includes(value ?? '') ? (value as ReturnStatus) : '';

const EMPTY: Record<ReturnStatus | '', string> = {
  '': 'No returns yet.',
  Requested: 'No return waits for approval.',
  Approved: 'No return waits for its pickup.',
  'Picked up': 'No return is on its way back.',
  Received: 'No return waits to be completed.',
  Completed: 'No completed returns.',
  Rejected: 'No rejected returns.',
  Cancelled: 'No cancelled returns.',
};

/**
 * The admin's steps the server offers now (`actions.next`, decisions D30): Approve and Mark picked
 * up act at once, Receive and Complete open their dialogs, Reject asks for the note. The shopper's
 * `cancel` is not the admin's to take.
 */
function RowActions({ ret, onDialog }: { ret: Return; onDialog: (dialog: Dialog) => void }) {
  const step = useReturnStep(ret);
  const offered = (name: ReturnStepName) => ret.actions.next.includes(name);
  const button = (name: ReturnStepName, label: string, onClick: () => void, tone = 'btn-primary') =>
    offered(name) ? (
      <button
        type="button"
        className={`btn ${tone} btn-sm`}
        disabled={step.pending && (name === 'approve' || name === 'picked-up')}
        onClick={onClick}
      >
        {label}
      </button>
    ) : null;
  const actions: ReactNode = (
    <>
      {button('approve', 'Approve', () => void step.run({ step: 'approve' }))}
      {button('picked-up', 'Mark picked up', () => void step.run({ step: 'picked-up' }))}
      {button('receive', 'Receive', () => onDialog({ kind: 'receive', ret }))}
      {button('complete', 'Complete', () => onDialog({ kind: 'complete', ret }))}
      {button('reject', 'Reject', () => onDialog({ kind: 'reject', ret }), 'btn-danger')}
    </>
  );
  return (
    <div className="admin-row-actions" aria-label={`Actions on return ${ret.number}`} role="group">
      {actions}
      <DownloadCreditNoteButton ret={ret} label="Credit note" />
    </div>
  );
}

/** The courier's reverse pickup once approval booked one: its AWB, a link to follow it, and its arrival. */
function PickupNote({ pickup }: { pickup: NonNullable<Return['pickup']> }) {
  return (
    <span className="admin-payment-note">
      {pickup.courier} AWB{' '}
      {pickup.trackingUrl ? (
        <a href={pickup.trackingUrl} target="_blank" rel="noopener noreferrer">
          {pickup.awb}
        </a>
      ) : (
        pickup.awb
      )}
      {pickup.arrivedAt ? ' · Arrived at the shop' : null}
    </span>
  );
}

/** One value per line, one under the other, as the lines are listed. */
function PerLine({ ret, value }: { ret: Return; value: (line: Return['lines'][number]) => string }) {
  return (
    <ul className="admin-return-lines">
      {ret.lines.map((line, i) => (
        <li key={`${line.line}-${i}`}>{value(line)}</li>
      ))}
    </ul>
  );
}

/**
 * /admin/returns (decisions section 16): chips for each status (the server filters, `?status=`),
 * and a table of returns (number, order with its shopper and an exchange's replacement order, lines, reason, kind,
 * refund, status with the courier's pickup) with the steps each status allows; every step shows the server's message.
 */
export function ReturnsTable() {
  const [params, setParams] = useSearchParams();
  const status = parseStatus(params.get('status'));
  const returns = useAllReturns(status);
  const orders = useAllOrders();
  const [dialog, setDialog] = useState<Dialog>(null);
  const orderOf = useMemo(() => {
    const byId = new Map((orders.data ?? []).map((o) => [o._id, o]));
    return (orderId: string) => byId.get(orderId);
  }, [orders.data]);

  const pick = (next: ReturnStatus | '') => setParams(next ? { status: next } : {}, { replace: true });
  const lastNote = (ret: Return) => ret.events.filter((e) => e.note).at(-1)?.note ?? null;

  return (
    <div className="admin-orders">
      <div className="admin-chips" role="group" aria-label="Show returns">
        {(['', ...RETURN_STATUSES] as const).map((s) => (
          <button
            key={s || 'all'}
            type="button"
            className="admin-chip"
            aria-pressed={status === s}
            onClick={() => pick(s)}
          >
            {s || 'All'}
          </button>
        ))}
      </div>
      <AdminTable
        list={returns}
        loading="Loading returns"
        failed="Failed to fetch returns"
        empty={EMPTY[status]}
        headers={['Return', 'Order', 'Lines', 'Reason', 'Kind', 'Refund', 'Status']}
        actions={['Actions']}
        cells={(ret) => {
          const order = orderOf(ret.orderId);
          const note = lastNote(ret);
          return (
            <>
              <td>
                <span className="admin-code">{ret.number}</span>
                <span className="admin-amount-note">{formatIst(ret.createdAt)}</span>
              </td>
              <td>
                <Link className="admin-id" to={paths.editOrder.getHref(ret.orderId)}>
                  {ret.orderId}
                </Link>
                {order ? (
                  <>
                    <span className="admin-payment-note">{orderUserName(order.user)}</span>
                    <span className="admin-payment-note">{paymentText(order)}</span>
                  </>
                ) : null}
                {ret.replacementOrderId ? (
                  <span className="admin-payment-note">
                    New size:{' '}
                    <Link className="admin-id" to={paths.editOrder.getHref(ret.replacementOrderId)}>
                      {ret.replacementOrderId}
                    </Link>
                  </span>
                ) : null}
              </td>
              <td>
                <PerLine ret={ret} value={(line) => `${line.quantity} × ${lineName(line)}`} />
              </td>
              <td>
                <PerLine ret={ret} value={(line) => line.reason} />
              </td>
              <td>
                <PerLine ret={ret} value={kindText} />
              </td>
              <td>
                {formatRupees(ret.refundAmount)}
                {ret.refundTo ? <span className="admin-amount-note">{REFUND_TO_TEXT[ret.refundTo]}</span> : null}
                {ret.creditNoteNo ? <span className="admin-amount-note">{ret.creditNoteNo}</span> : null}
              </td>
              <td>
                <span className={`badge ${RETURN_BADGE[ret.status] ?? 'badge-neutral'}`}>{ret.status}</span>
                {ret.pickup ? <PickupNote pickup={ret.pickup} /> : null}
                {note ? <span className="admin-payment-note">{note}</span> : null}
              </td>
              <td>
                <RowActions ret={ret} onDialog={setDialog} />
              </td>
            </>
          );
        }}
      />
      {dialog?.kind === 'reject' ? <RejectDialog ret={dialog.ret} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'receive' ? <ReceiveDialog ret={dialog.ret} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'complete' ? (
        <CompleteDialog
          ret={dialog.ret}
          paymentMethod={orderOf(dialog.ret.orderId)?.paymentMethod}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
