import { useId, useMemo, useState, type FormEvent } from 'react';
import { toCheckoutLines, useCartStore } from '@/features/cart/stores/cart-store';
import { Field, InputField } from '@/components/ui/field';
import { formatRupees } from '@/lib/format';
import type { PaymentMethod } from '@/types/api';
import { useCartQuote } from '../api/get-cart-quote';
import { useStates } from '../api/get-states';
import { useCheckout } from '../hooks/use-checkout';
import { useCodOffer } from '../hooks/use-cod-offer';
import { useDeliveryBy } from '../hooks/use-delivery-by';
import { usePlaceOfSupply } from '../hooks/use-place-of-supply';
import type { AppliedCoupon } from '../stores/coupon-store';
import { creditPays } from '../utils/store-credit';
import { rememberWhatsappUpdates, rememberedWhatsappUpdates } from '../utils/whatsapp-memory';
import './delivery-check.css';

type OrderSummaryProps = {
  itemCount: number;
  /** Whole rupees: the amount that will be charged without a coupon. */
  total: number;
  savedAddress?: string;
  /** The applied coupon, whose `amount` is then charged. */
  coupon?: AppliedCoupon | null;
  /** The coupon is being asked about: its amount is not ready to pay. */
  couponBusy?: boolean;
  /** Whole rupees of store credit the shopper has (0 when none or not known). */
  creditBalance?: number;
};

const PAYMENT_METHODS: { value: PaymentMethod; label: string }[] = [
  { value: 'online', label: 'Pay online' },
  { value: 'cod', label: 'Cash on Delivery' },
];

/**
 * Item count, Shipping Address, Pincode, State (the place of supply, pre-filled from the
 * pincode), the total (after the coupon; with the saving for paying online or the charge for
 * cash on delivery, as the server's `POST /cart/quote` prices the way chosen, and `Pay online
 * and save ₹N` when the shop gives one), `Use store credit` when the balance is above 0 (then
 * what the credit pays and what remains), `Get order updates on WhatsApp` (unticked until the
 * shopper ticks it, then as they last left it), how to pay (`Pay online` or `Cash on Delivery`)
 * and Place Order.
 */
export function OrderSummary({
  itemCount,
  total,
  savedAddress,
  coupon,
  couponBusy = false,
  creditBalance = 0,
}: OrderSummaryProps) {
  const balance = creditBalance;
  const id = useId();
  const [address, setAddress] = useState('');
  const [pincode, setPincode] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('online');
  const [creditChosen, setCreditChosen] = useState(false);
  const [whatsapp, setWhatsapp] = useState(rememberedWhatsappUpdates);
  const lines = useCartStore((s) => s.lines);
  const products = useMemo(() => toCheckoutLines(lines), [lines]);
  const quote = useCartQuote(products, coupon?.code, !couponBusy).data;
  const placeOfSupply = usePlaceOfSupply(pincode);
  const deliveryBy = useDeliveryBy(pincode);
  const codOffer = useCodOffer(pincode);
  // Cash on delivery chosen before the pincode's area turned out to have none: pay online.
  const payWith: PaymentMethod = codOffer.offered ? method : 'online';
  // The server's price for the way chosen; until it answers, the cart's own (no saving or charge).
  const beforeMethod = coupon ? coupon.amount : total;
  const payable = quote ? (payWith === 'cod' ? quote.codAmount : quote.onlineAmount) : beforeMethod;
  const saving = quote?.prepaidDiscount ?? 0;
  const codFee = quote?.codFee ?? 0;
  const useCredit = creditChosen && balance > 0;
  const credit = useCredit ? creditPays(balance, payable) : 0;
  const states = useStates();
  const { checkout, busy } = useCheckout();
  const stateNames = states.data?.map((s) => s.name) ?? [];
  // The pincode's state stays offered while the list is loading (or could not be read).
  if (placeOfSupply.state && !stateNames.includes(placeOfSupply.state)) stateNames.push(placeOfSupply.state);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || couponBusy) return;
    if (
      await checkout({
        address,
        pincode,
        method: payWith,
        coupon: coupon ? { code: coupon.code, amount: coupon.amount } : undefined,
        state: placeOfSupply.state,
        amount: payable,
        useCredit,
        whatsapp,
      })
    ) {
      setAddress('');
      setPincode('');
      setCreditChosen(false);
      placeOfSupply.reset();
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
        {coupon ? (
          <>
            <div>
              <dt>Subtotal</dt>
              <dd>{formatRupees(coupon.subtotal)}</dd>
            </div>
            <div>
              <dt>Coupon {coupon.code}</dt>
              <dd className="price-off">−{formatRupees(coupon.discount)}</dd>
            </div>
          </>
        ) : null}
        {payWith === 'online' && saving > 0 ? (
          <div>
            <dt>Paid online</dt>
            <dd className="price-off">−{formatRupees(saving)}</dd>
          </div>
        ) : null}
        {payWith === 'cod' && codFee > 0 ? (
          <div>
            <dt>Cash on delivery charge</dt>
            <dd>{formatRupees(codFee)}</dd>
          </div>
        ) : null}
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
      <InputField
        label="Pincode"
        type="number"
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder="6-digit pincode"
        value={pincode}
        onValueChange={setPincode}
        hint={deliveryBy ? <span className="delivery-by">{deliveryBy}</span> : undefined}
      />
      <Field label="State">
        {(field) => (
          <select
            {...field}
            className="select"
            autoComplete="address-level1"
            value={placeOfSupply.state}
            onChange={(e) => placeOfSupply.pick(e.target.value)}
          >
            <option value="">Select state</option>
            {stateNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="summary-total">
        <span>Total</span>
        <span>{formatRupees(payable)}</span>
      </div>
      {balance > 0 ? (
        <label className="payment-method store-credit-box">
          <input type="checkbox" checked={creditChosen} onChange={(e) => setCreditChosen(e.target.checked)} />
          Use store credit ({formatRupees(creditPays(balance, payable))} of your {formatRupees(balance)})
        </label>
      ) : null}
      {useCredit ? (
        <dl className="summary-rows">
          <div>
            <dt>Store credit</dt>
            <dd className="price-off">−{formatRupees(credit)}</dd>
          </div>
          <div>
            <dt>To pay</dt>
            <dd>{formatRupees(payable - credit)}</dd>
          </div>
        </dl>
      ) : null}
      <label className="payment-method whatsapp-updates-box">
        <input
          type="checkbox"
          checked={whatsapp}
          onChange={(e) => {
            setWhatsapp(e.target.checked);
            rememberWhatsappUpdates(e.target.checked);
          }}
        />
        Get order updates on WhatsApp
      </label>
      <fieldset className="payment-methods" role="radiogroup" aria-labelledby={`${id}-pay`}>
        <legend id={`${id}-pay`} className="field-label">
          Payment method
        </legend>
        {PAYMENT_METHODS.filter((m) => m.value !== 'cod' || codOffer.offered).map((m) => (
          <label key={m.value} className="payment-method">
            <input
              type="radio"
              name={`${id}-method`}
              value={m.value}
              checked={payWith === m.value}
              onChange={() => setMethod(m.value)}
            />
            {m.label}
          </label>
        ))}
        {saving > 0 ? <p className="prepaid-saving price-off">Pay online and save {formatRupees(saving)}</p> : null}
        {codOffer.notice ? (
          <p className="cod-off-notice" role="status">
            {codOffer.notice}
          </p>
        ) : null}
      </fieldset>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy || couponBusy}>
        {busy ? 'Processing...' : 'Place Order'}
      </button>
      <p className="summary-note muted">
        {payWith === 'cod'
          ? 'Prices include all taxes. You pay in cash when your order arrives.'
          : 'Prices include all taxes. You pay in a secure window.'}
      </p>
    </form>
  );
}
