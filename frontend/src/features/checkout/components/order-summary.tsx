import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { formatRupees } from '@/lib/format';
import { useCheckout } from '../hooks/use-checkout';

type OrderSummaryProps = {
  itemCount: number;
  /** Whole rupees: the amount that will be charged. */
  total: number;
  savedAddress?: string;
};

/** Item count, Shipping Address, Pincode, the total and Place Order. */
export function OrderSummary({ itemCount, total, savedAddress }: OrderSummaryProps) {
  const id = useId();
  const [address, setAddress] = useState('');
  const [pincode, setPincode] = useState('');
  const { checkout, busy } = useCheckout();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (await checkout({ address, pincode })) {
      setAddress('');
      setPincode('');
    }
  };

  return (
    <form className="card card-pad order-summary" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h3">
        Order Summary
      </h2>
      <dl className="summary-rows">
        <div>
          <dt>Items</dt>
          <dd>{itemCount}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd className="price-off">Free</dd>
        </div>
      </dl>
      <Field
        label="Shipping Address"
        aside={
          savedAddress && savedAddress !== address ? (
            <button type="button" className="link-btn" onClick={() => setAddress(savedAddress)}>
              Use my saved address
            </button>
          ) : null
        }
      >
        {(field) => (
          <textarea
            {...field}
            className="textarea"
            autoComplete="street-address"
            placeholder="House number, street, city"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            rows={3}
          />
        )}
      </Field>
      <Field label="Pincode">
        {(field) => (
          <input
            {...field}
            className="input"
            type="number"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="6-digit pincode"
            value={pincode}
            onChange={(e) => setPincode(e.target.value)}
          />
        )}
      </Field>
      <div className="summary-total">
        <span>Total</span>
        <span>{formatRupees(total)}</span>
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? 'Processing...' : 'Place Order'}
      </button>
      <p className="summary-note muted">Prices include all taxes. You pay in a secure window.</p>
    </form>
  );
}
