import { errorMessage } from '@/lib/api-client';
import { orderAmountRupees, orderTotalPaise, type PricedLine } from '@/lib/pricing';
import type { CheckoutLine, CreatePaymentInput, PaymentOrder } from '../api/create-payment';
import type { DeliveryReply } from '../api/check-delivery';
import type { PlaceOrderInput } from '../api/place-order';
import type { CodOrderInput } from '../api/place-cod-order';
import { PINCODE_MESSAGE, isValidPincode } from './pincode';
import { PaymentCancelledError, PopupBlockedError, type PaymentResult } from './payment-window';

export type CheckoutInput = {
  lines: (PricedLine & CheckoutLine)[];
  address: string;
  pincode: string;
  /** An applied coupon: its code goes with the payment and the order, its `amount` is paid. */
  coupon?: { code: string; amount: number };
  /**
   * The amount the cart shows for the way of paying chosen, as `POST /cart/quote` priced it (with
   * the saving for paying online or the charge for cash on delivery); absent: the coupon's amount,
   * else the lines' total.
   */
  amount?: number;
  /** The place of supply the shopper chose; empty or absent: the server works it out from the pincode. */
  state?: string;
  /** Store credit pays part of the order: `useCredit: true` goes with the payment and the order. */
  useCredit?: boolean;
  /** The shopper ticked `Get order updates on WhatsApp`: `whatsapp: true` goes with the order. */
  whatsapp?: boolean;
};

export type CheckoutDeps = {
  checkDelivery: (pincode: string) => Promise<Pick<DeliveryReply, 'deliverable'>>;
  createPayment: (input: CreatePaymentInput) => Promise<PaymentOrder>;
  collectPayment: (order: PaymentOrder) => Promise<PaymentResult>;
  placeOrder: (input: PlaceOrderInput) => Promise<unknown>;
};

export type CheckoutOutcome =
  /** `message`: the success toast's words, when the server gave them (cash on delivery). */
  | { ok: true; amount: number; message?: string }
  | { ok: false; stage: 'validation' | 'payment' | 'cancelled' | 'order'; message: string };

type Failure = Exclude<CheckoutOutcome, { ok: true }>;

/** The success toast of a cash on delivery order (the server's own words). */
export const ORDER_PLACED = 'Order Placed Successfully';

const fail = (stage: Failure['stage'], message: string): Failure => ({
  ok: false,
  stage,
  message,
});

type Prepared = { ok: true; order: CodOrderInput };

/**
 * What both ways of paying check first, in the spec's order: pincode, deliverable, total,
 * address, amount. Yields the body both send: lines, address, pincode, the amount (after the
 * coupon when one is applied, before store credit), `coupon` only then, `state` only when one
 * was chosen, `useCredit: true` only when store credit is to pay, and `whatsapp: true` only
 * when the shopper asked for WhatsApp updates (the order's, not the payment's).
 */
async function prepare(input: CheckoutInput, deps: Pick<CheckoutDeps, 'checkDelivery'>): Promise<Prepared | Failure> {
  const pincode = input.pincode.trim();
  const address = input.address.trim();

  if (!isValidPincode(pincode)) return fail('validation', PINCODE_MESSAGE);

  try {
    const delivery = await deps.checkDelivery(pincode);
    if (!delivery.deliverable) return fail('validation', 'Delivery not available at this address');
  } catch (error) {
    return fail('validation', errorMessage(error, 'Failed to fetch pincode details'));
  }

  if (orderTotalPaise(input.lines) <= 0) return fail('validation', 'Please add some items to your cart');
  if (!address) return fail('validation', 'Please enter your address');

  const amount = input.amount ?? (input.coupon ? input.coupon.amount : orderAmountRupees(input.lines));
  if (!Number.isSafeInteger(amount) || amount <= 0) return fail('validation', 'Please enter a valid amount');

  const products = input.lines.map(({ _id, productno, quantity }) => ({ _id, productno, quantity }));
  // Without a coupon (or a state) the bodies stay as they were: no `coupon` (`state`) key at all.
  const coupon = input.coupon ? { coupon: input.coupon.code } : {};
  const state = input.state?.trim() ? { state: input.state.trim() } : {};
  const credit = input.useCredit ? { useCredit: true } : {};
  const updates = input.whatsapp ? { whatsapp: true } : {};
  return { ok: true, order: { products, address, pincode, amount, ...coupon, ...state, ...credit, ...updates } };
}

/**
 * Place Order, paying online: the checks above, then create the payment order (the server
 * prices the cart itself, with the coupon when there is one), open the provider's window, and
 * on success create the order with the three fields the window returned.
 */
export async function runCheckout(input: CheckoutInput, deps: CheckoutDeps): Promise<CheckoutOutcome> {
  const prepared = await prepare(input, deps);
  if (!prepared.ok) return prepared;
  // Consent belongs to the order: the payment is not told.
  const { amount, whatsapp: _whatsapp, ...body } = prepared.order;

  let order: PaymentOrder;
  try {
    order = await deps.createPayment({ amount, ...body });
  } catch (error) {
    return fail('payment', errorMessage(error, 'Error initiating payment'));
  }

  let paid: PaymentResult;
  try {
    paid = await deps.collectPayment(order);
  } catch (error) {
    if (error instanceof PaymentCancelledError) return fail('cancelled', 'Payment cancelled.');
    if (error instanceof PopupBlockedError) return fail('payment', error.message);
    return fail('payment', 'Error initiating payment');
  }

  try {
    await deps.placeOrder({
      ...prepared.order,
      paymentId: paid.razorpay_payment_id,
      orderId: paid.razorpay_order_id,
      signature: paid.razorpay_signature,
    });
  } catch (error) {
    return fail('order', errorMessage(error, 'Cannot place order'));
  }
  return { ok: true, amount };
}

export type CodCheckoutDeps = Pick<CheckoutDeps, 'checkDelivery'> & {
  /** `POST /order/cod` with this attempt's Idempotency-Key; resolves to the server's reply. */
  placeCodOrder: (order: CodOrderInput) => Promise<{ message?: string }>;
};

/**
 * Place Order, cash on delivery (decisions D8): the same checks and the same body as paying
 * online, then `POST /order/cod`; no payment window. The server's refusal is the message.
 */
export async function runCodCheckout(input: CheckoutInput, deps: CodCheckoutDeps): Promise<CheckoutOutcome> {
  const prepared = await prepare(input, deps);
  if (!prepared.ok) return prepared;
  try {
    const reply = await deps.placeCodOrder(prepared.order);
    return { ok: true, amount: prepared.order.amount, message: reply.message || ORDER_PLACED };
  } catch (error) {
    return fail('order', errorMessage(error, 'Cannot place order'));
  }
}
