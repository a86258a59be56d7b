import { useId, useState, type FormEvent } from 'react';
import { formatRupees } from '@/lib/format';
import type { CompleteBody, PaymentMethod, RefundTo, Return } from '@/types/api';
import { useReturnStep } from '../hooks/use-return-step';
import { AdminModal } from './admin-modal';

/** The note's limit, as the order events'. */
const NOTE_MAX = 200;

function Refusal({ text }: { text: string | null }) {
  return text ? (
    <p className="admin-inline-error" role="alert">
      {text}
    </p>
  ) : null;
}

type DialogProps = { ret: Return; onClose: () => void };

/** Reject, with the note the shopper is told (required). */
export function RejectDialog({ ret, onClose }: DialogProps) {
  const id = useId();
  const step = useReturnStep(ret);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!note.trim()) {
      setMissing(true);
      return;
    }
    if (await step.run({ step: 'reject', body: { note: note.trim() } })) onClose();
  };
  return (
    <AdminModal title={`Reject return ${ret.number}`} size="narrow" onClose={onClose}>
      <form className="ship-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-note`}>
            Why (the shopper is told)
          </label>
          <textarea
            id={`${id}-note`}
            className="textarea"
            maxLength={NOTE_MAX}
            required
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${id}-missing` : undefined}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          {missing ? (
            <span id={`${id}-missing`} className="field-hint return-field-error">
              Write why it is rejected
            </span>
          ) : null}
        </div>
        <Refusal text={step.refusal} />
        <div className="admin-form-actions">
          <button type="submit" className="btn btn-danger" disabled={step.pending}>
            Reject
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </AdminModal>
  );
}

/** Receive: what the quality check found, and a note (told to the shopper when it failed). */
export function ReceiveDialog({ ret, onClose }: DialogProps) {
  const id = useId();
  const step = useReturnStep(ret);
  const [qc, setQc] = useState<'passed' | 'failed'>('passed');
  const [note, setNote] = useState('');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = note.trim() ? { qc, note: note.trim() } : { qc };
    if (await step.run({ step: 'receive', body })) onClose();
  };
  return (
    <AdminModal title={`Receive return ${ret.number}`} size="narrow" onClose={onClose}>
      <form className="ship-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="return-radios">
          <legend className="field-label">Quality check</legend>
          <label>
            <input type="radio" name={`${id}-qc`} checked={qc === 'passed'} onChange={() => setQc('passed')} /> QC
            passed: the pairs go back into stock
          </label>
          <label>
            <input type="radio" name={`${id}-qc`} checked={qc === 'failed'} onChange={() => setQc('failed')} /> QC
            failed: nothing back, nothing refunded
          </label>
        </fieldset>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-note`}>
            {qc === 'failed' ? 'Note (the shopper is told why)' : 'Note (optional)'}
          </label>
          <textarea
            id={`${id}-note`}
            className="textarea"
            maxLength={NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <Refusal text={step.refusal} />
        <div className="admin-form-actions">
          <button type="submit" className="btn btn-primary" disabled={step.pending}>
            Receive
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </AdminModal>
  );
}

/**
 * Complete: where the refund goes. An online order's goes back to its payment; a cash on delivery
 * order's to store credit (the default) or out as a bank/UPI payout with its reference. A return
 * of exchanges only refunds nothing.
 */
export function CompleteDialog({ ret, paymentMethod, onClose }: DialogProps & { paymentMethod?: PaymentMethod }) {
  const id = useId();
  const step = useReturnStep(ret);
  const cod = paymentMethod === 'cod';
  const [refundTo, setRefundTo] = useState<RefundTo>(cod ? 'credit' : 'original');
  const [reference, setReference] = useState('');
  const [missing, setMissing] = useState(false);
  const refunds = ret.refundAmount > 0;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let body: CompleteBody = {};
    if (refunds) {
      if (refundTo === 'bank' && !reference.trim()) {
        setMissing(true);
        return;
      }
      body = refundTo === 'bank' ? { refundTo, reference: reference.trim() } : { refundTo };
    }
    if (await step.run({ step: 'complete', body })) onClose();
  };

  return (
    <AdminModal title={`Complete return ${ret.number}`} size="narrow" onClose={onClose}>
      <form className="ship-form" onSubmit={(e) => void submit(e)} noValidate>
        {!refunds ? (
          <p className="muted ship-help">Exchanges only: nothing to refund.</p>
        ) : cod ? (
          <fieldset className="return-radios">
            <legend className="field-label">Refund {formatRupees(ret.refundAmount)} to</legend>
            <label>
              <input
                type="radio"
                name={`${id}-to`}
                checked={refundTo === 'credit'}
                onChange={() => setRefundTo('credit')}
              />{' '}
              Store credit
            </label>
            <label>
              <input
                type="radio"
                name={`${id}-to`}
                checked={refundTo === 'bank'}
                onChange={() => setRefundTo('bank')}
              />{' '}
              Bank or UPI payout
            </label>
          </fieldset>
        ) : (
          <p className="ship-help">
            Refund {formatRupees(ret.refundAmount)} to the original payment
            {paymentMethod ? '' : ' (the order was not found in the list: the server checks how it was paid)'}.
          </p>
        )}
        {refunds && cod && refundTo === 'bank' ? (
          <div className="field">
            <label className="field-label" htmlFor={`${id}-reference`}>
              Payout reference
            </label>
            <input
              id={`${id}-reference`}
              className="input"
              autoComplete="off"
              maxLength={NOTE_MAX}
              placeholder="e.g. UTR or UPI reference"
              aria-invalid={missing || undefined}
              aria-describedby={missing ? `${id}-missing` : undefined}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
            {missing ? (
              <span id={`${id}-missing`} className="field-hint return-field-error">
                Enter the payout&apos;s reference
              </span>
            ) : null}
          </div>
        ) : null}
        {refunds ? <p className="muted ship-help">Any part paid with store credit goes back as store credit.</p> : null}
        <Refusal text={step.refusal} />
        <div className="admin-form-actions">
          <button type="submit" className="btn btn-primary" disabled={step.pending}>
            Complete
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </AdminModal>
  );
}
