import { useId, useState, type FormEvent } from 'react';
import { Field, InputField } from '@/components/ui/field';
import { formatRupees } from '@/lib/format';
import type { CompleteBody, PaymentMethod, RefundTo, Return } from '@/types/api';
import { useReturnStep } from '../hooks/use-return-step';
import { AdminModal } from './admin-modal';
import { FormActions } from './form-actions';

/** The server's limits: a step's note, a payout's reference. */
const NOTE_MAX = 500;
const REFERENCE_MAX = 100;

function Refusal({ text }: { text: string | null }) {
  return text ? (
    <p className="admin-inline-error" role="alert">
      {text}
    </p>
  ) : null;
}

/** What is missing, said under a required field left empty (its description); nothing otherwise. */
const missingHint = (text: string | null) => (text ? <span className="return-field-error">{text}</span> : null);

type NoteFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  /** Said under the field when it is required and left empty; `null` otherwise. */
  missing?: string | null;
};

/** A step's note: its label, the textarea at the server's limit, and what is missing when it is. */
function NoteField({ label, value, onChange, required = false, missing = null }: NoteFieldProps) {
  return (
    <Field label={label} hint={missingHint(missing)}>
      {(field) => (
        <textarea
          {...field}
          className="textarea"
          maxLength={NOTE_MAX}
          required={required || undefined}
          aria-invalid={missing ? true : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

type DialogProps = { ret: Return; onClose: () => void };

/** Reject, with the note the shopper is told (required). */
export function RejectDialog({ ret, onClose }: DialogProps) {
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
        <NoteField
          label="Why (the shopper is told)"
          value={note}
          onChange={setNote}
          required
          missing={missing ? 'Write why it is rejected' : null}
        />
        <Refusal text={step.refusal} />
        <FormActions submitLabel="Reject" submitting={step.pending} onCancel={onClose} danger />
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
        <NoteField
          label={qc === 'failed' ? 'Note (the shopper is told why)' : 'Note (optional)'}
          value={note}
          onChange={setNote}
        />
        <Refusal text={step.refusal} />
        <FormActions submitLabel="Receive" submitting={step.pending} onCancel={onClose} />
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
          <InputField
            label="Payout reference"
            autoComplete="off"
            maxLength={REFERENCE_MAX}
            placeholder="e.g. UTR or UPI reference"
            aria-invalid={missing || undefined}
            hint={missingHint(missing ? "Enter the payout's reference" : null)}
            value={reference}
            onValueChange={setReference}
          />
        ) : null}
        {refunds ? <p className="muted ship-help">Any part paid with store credit goes back as store credit.</p> : null}
        <Refusal text={step.refusal} />
        <FormActions submitLabel="Complete" submitting={step.pending} onCancel={onClose} />
      </form>
    </AdminModal>
  );
}
