import {
  PAYMENT_WINDOW,
  RAZORPAY_CHECKOUT_SRC,
  SANDBOX_CHECKOUT_PATH,
  SANDBOX_WINDOW_NAME,
  SHOP_NAME,
} from '@/config/constants';
import { loadScript } from '@/lib/load-script';
import type { PaymentOrder } from '../api/create-payment';

/** What the payment window hands back on success (Razorpay's names; the sandbox uses the same). */
export type PaymentResult = {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
};

export type Prefill = { name?: string; email?: string; contact?: string };

/** The shopper closed or cancelled the payment window. */
export class PaymentCancelledError extends Error {
  constructor() {
    super('Payment cancelled.');
    this.name = 'PaymentCancelledError';
  }
}

/** The browser refused to open the sandbox window. */
export class PopupBlockedError extends Error {
  constructor() {
    super('Please allow pop-ups for this site to pay.');
    this.name = 'PopupBlockedError';
  }
}

type RazorpayOptions = {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description?: string;
  prefill?: Prefill;
  theme?: { color?: string };
  handler: (response: PaymentResult) => void;
  modal?: { ondismiss?: () => void };
};

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => { open: () => void };
  }
}

/** Messages the sandbox page (served by the backend) posts to its opener. */
export const SANDBOX_MESSAGES = { pay: 'paduka:sandbox-payment', cancel: 'paduka:sandbox-cancel' } as const;

function isPaymentResult(data: Record<string, unknown>): boolean {
  return (
    typeof data.razorpay_payment_id === 'string' &&
    typeof data.razorpay_order_id === 'string' &&
    typeof data.razorpay_signature === 'string'
  );
}

export function sandboxCheckoutUrl(order: Pick<PaymentOrder, 'id' | 'amount'>): string {
  const params = new URLSearchParams({ order_id: order.id, amount: String(order.amount) });
  return `${SANDBOX_CHECKOUT_PATH}?${params.toString()}`;
}

/**
 * Our own sandbox checkout in a 500x400 window. It posts
 * `{type: 'paduka:sandbox-payment', razorpay_order_id, razorpay_payment_id, razorpay_signature}`
 * on Pay or `{type: 'paduka:sandbox-cancel'}` on Cancel, from our own origin, then closes.
 * A window closed without a message counts as a cancel.
 */
export function openSandboxCheckout(
  order: Pick<PaymentOrder, 'id' | 'amount'>,
  win: Window = window,
  pollMs = 400,
): Promise<PaymentResult> {
  return new Promise((resolve, reject) => {
    const features = `width=${PAYMENT_WINDOW.width},height=${PAYMENT_WINDOW.height}`;
    const popup = win.open(sandboxCheckoutUrl(order), SANDBOX_WINDOW_NAME, features);
    if (!popup) {
      reject(new PopupBlockedError());
      return;
    }
    let settled = false;
    let graceTimer: number | undefined;

    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      win.removeEventListener('message', onMessage);
      win.clearInterval(poll);
      if (graceTimer !== undefined) win.clearTimeout(graceTimer);
      outcome();
    };

    function onMessage(event: MessageEvent) {
      if (event.origin !== win.location.origin) return;
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null) return;
      const message = data as Record<string, unknown>;
      if (message.type === SANDBOX_MESSAGES.pay && isPaymentResult(message)) {
        finish(() =>
          resolve({
            razorpay_payment_id: message.razorpay_payment_id as string,
            razorpay_order_id: message.razorpay_order_id as string,
            razorpay_signature: message.razorpay_signature as string,
          }),
        );
      } else if (message.type === SANDBOX_MESSAGES.cancel) {
        finish(() => reject(new PaymentCancelledError()));
      }
    }

    win.addEventListener('message', onMessage);
    const poll = win.setInterval(() => {
      if (!popup.closed || graceTimer !== undefined) return;
      // A message posted just before closing may still be queued: give it a moment.
      graceTimer = win.setTimeout(() => finish(() => reject(new PaymentCancelledError())), pollMs);
    }, pollMs);
  });
}

/** Razorpay's own checkout, loaded on demand. */
export async function openRazorpayCheckout(order: PaymentOrder, prefill: Prefill): Promise<PaymentResult> {
  await loadScript(RAZORPAY_CHECKOUT_SRC);
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error('Razorpay checkout is unavailable');
  return new Promise((resolve, reject) => {
    const checkout = new Razorpay({
      key: order.key,
      amount: order.amount,
      currency: order.currency,
      order_id: order.id,
      name: SHOP_NAME,
      description: 'Footwear order',
      prefill,
      theme: { color: '#b4451f' },
      handler: (response) => resolve(response),
      modal: { ondismiss: () => reject(new PaymentCancelledError()) },
    });
    checkout.open();
  });
}

/** Open the window of whichever provider the server chose. */
export function collectPayment(order: PaymentOrder, prefill: Prefill): Promise<PaymentResult> {
  if (order.provider === 'sandbox') return openSandboxCheckout(order);
  return openRazorpayCheckout(order, prefill);
}
