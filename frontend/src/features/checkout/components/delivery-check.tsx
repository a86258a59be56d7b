import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { fetchDelivery } from '../api/check-delivery';
import { deliveryByText } from '../utils/delivery-by';
import { PINCODE_MESSAGE, isValidPincode } from '../utils/pincode';
import './delivery-check.css';
import { AppButton } from '@/components/ui/app-button';
import { useAppReady } from '@/hooks/use-app-ready';

/** `by`: `Delivery by Thu, 3 Dec` when the server estimates a day. */
type Result = { deliverable: boolean; message: string; by?: string | null };

/**
 * 'Check Delivery Availability' on the product page: shows the server's answer for a pincode,
 * and `Delivery by Thu, 3 Dec` under it when the pincode is served.
 */
export function DeliveryCheck() {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [pincode, setPincode] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const pin = pincode.trim();
    setResult(null);
    if (!isValidPincode(pin)) {
      notify.error(PINCODE_MESSAGE);
      return;
    }
    setChecking(true);
    try {
      const reply = await fetchDelivery(queryClient, pin);
      const message =
        reply.message || (reply.deliverable ? 'Delivery available at this pincode' : 'Delivery unavailable');
      setResult({ deliverable: Boolean(reply.deliverable), message, by: deliveryByText(reply) });
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        setResult({ deliverable: false, message: error.message });
      } else {
        notify.error('Failed to fetch pincode details');
      }
    } finally {
      setChecking(false);
    }
  };

  // Checking needs the app: on a page the server drew the field waits for it (decisions D32).
  const ready = useAppReady();
  return (
    <section className="delivery-box" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Check Delivery Availability</h2>
      <form className="delivery-form" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          Pincode
        </label>
        <input
          id={inputId}
          className="input"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="Enter pincode"
          disabled={!ready}
          value={pincode}
          onChange={(e) => {
            setPincode(e.target.value);
            setResult(null);
          }}
        />
        <AppButton type="submit" className="btn btn-secondary" disabled={checking}>
          {checking ? 'Checking...' : 'Check'}
        </AppButton>
      </form>
      <p className={`delivery-result${result ? (result.deliverable ? ' is-ok' : ' is-no') : ''}`} role="status">
        {result?.message}
        {result?.by ? <span className="delivery-by">{result.by}</span> : null}
      </p>
    </section>
  );
}
