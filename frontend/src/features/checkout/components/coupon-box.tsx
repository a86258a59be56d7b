import { useId, useState, type FormEvent } from 'react';
import { InputField } from '@/components/ui/field';
import { formatRupees } from '@/lib/format';
import type { CouponControls } from '../hooks/use-coupon';

/** The cart's coupon box: a code and Apply; once applied, the saving, the amount and Remove. */
export function CouponBox({ applied, busy, apply, remove }: CouponControls) {
  const id = useId();
  const [code, setCode] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = code.trim();
    if (!wanted || busy) return;
    if (await apply(wanted)) setCode('');
  };

  return (
    <section className="card card-pad coupon-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h3">
        Coupon
      </h2>
      <div aria-live="polite">
        {applied ? (
          <div className="coupon-applied">
            <p className="coupon-saving">
              <strong>{applied.code}</strong> applied: you save {formatRupees(applied.discount)}
            </p>
            <p className="coupon-pay">You pay {formatRupees(applied.amount)}</p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={remove}>
              Remove
            </button>
          </div>
        ) : (
          <form className="coupon-form" onSubmit={(e) => void submit(e)} noValidate>
            <InputField
              label="Coupon code"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              placeholder="Coupon code"
              value={code}
              onValueChange={setCode}
            />
            <button type="submit" className="btn btn-secondary" disabled={busy || !code.trim()}>
              Apply
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
