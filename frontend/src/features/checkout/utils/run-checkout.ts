import { errorMessage } from '@/lib/api-client';
import { orderAmountRupees, orderTotalCentiPaise, type PricedLine } from '@/lib/pricing';
import type { CheckoutLine, CreatePaymentInput, PaymentOrder } from '../api/create-payment';
import type { DeliveryReply } from '../api/check-delivery';
import type { PlaceOrderInput } from '../api/place-order';
import { PINCODE_MESSAGE, isValidPincode } from './pincode';
import { PaymentCancelledError, PopupBlockedError, type PaymentResult } from './payment-window';

export type CheckoutInput = {
  lines: (PricedLine & CheckoutLine)[];
  address: string;
  pincode: string;
  /** An applied coupon: its code goes with the payment and the order, its `amount` is paid. */
  coupon?: { code: string; amount: number };
};

export type CheckoutDeps = {
  checkDelivery: (pincode: string) => Promise<Pick<DeliveryReply, 'deliverable'>>;
  createPayment: (input: CreatePaymentInput) => Promise<PaymentOrder>;
  collectPayment: (order: PaymentOrder) => Promise<PaymentResult>;
  placeOrder: (input: PlaceOrderInput) => Promise<unknown>;
};

export type CheckoutOutcome =
  | { ok: true; amount: number }
  | { ok: false; stage: 'validation' | 'payment' | 'cancelled' | 'order'; message: string };

const fail = (stage: Exclude<CheckoutOutcome, { ok: true }>['stage'], message: string): CheckoutOutcome => ({
  ok: false,
  stage,
  message,
});

/**
 * Place Order, in the spec's order: pincode, deliverable, total, address, amount; then create the
 * payment order (the server prices the cart itself, with the coupon when there is one), open the
 * provider's window, and on success create the order with the three fields the window returned.
 */
export async function runCheckout(input: CheckoutInput, deps: CheckoutDeps): Promise<CheckoutOutcome> {
  const pincode = input.pincode.trim();
  const address = input.address.trim();

  if (!isValidPincode(pincode)) return fail('validation', PINCODE_MESSAGE);

  try {
    const delivery = await deps.checkDelivery(pincode);
    if (!delivery.deliverable) return fail('validation', 'Delivery not available at this address');
  } catch (error) {
    return fail('validation', errorMessage(error, 'Failed to fetch pincode details'));
  }

  if (orderTotalCentiPaise(input.lines) <= 0) return fail('validation', 'Please add some items to your cart');
  if (!address) return fail('validation', 'Please enter your address');

  const amount = input.coupon ? input.coupon.amount : orderAmountRupees(input.lines);
  if (!Number.isSafeInteger(amount) || amount <= 0) return fail('validation', 'Please enter a valid amount');

  const products = input.lines.map(({ _id, productno, quantity }) => ({ _id, productno, quantity }));
  // Without a coupon the bodies stay as they were: no `coupon` key at all.
  const coupon = input.coupon ? { coupon: input.coupon.code } : {};

  let order: PaymentOrder;
  try {
    order = await deps.createPayment({ amount, products, address, pincode, ...coupon });
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
      products,
      address,
      pincode,
      amount,
      paymentId: paid.razorpay_payment_id,
      orderId: paid.razorpay_order_id,
      signature: paid.razorpay_signature,
      ...coupon,
    });
  } catch (error) {
    return fail('order', errorMessage(error, 'Cannot place order'));
  }
  return { ok: true, amount };
}
