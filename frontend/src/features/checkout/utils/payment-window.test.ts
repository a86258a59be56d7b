import { PaymentCancelledError, PopupBlockedError, openSandboxCheckout, sandboxCheckoutUrl } from './payment-window';

const order = { id: 'order_sbx_1', amount: 320600 };

function fakePopup() {
  return { closed: false } as unknown as Window & { closed: boolean };
}

function post(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

describe('sandbox checkout window', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens /sandbox/checkout in a 500x400 window named paduka-sandbox', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(fakePopup());
    void openSandboxCheckout(order).catch(() => {});
    expect(open).toHaveBeenCalledWith(
      '/sandbox/checkout?order_id=order_sbx_1&amount=320600',
      'paduka-sandbox',
      'width=500,height=400',
    );
    expect(sandboxCheckoutUrl({ id: 'a b', amount: 5 })).toBe('/sandbox/checkout?order_id=a+b&amount=5');
  });

  it('resolves with the three razorpay fields when the sandbox pays', async () => {
    vi.spyOn(window, 'open').mockReturnValue(fakePopup());
    const result = openSandboxCheckout(order);
    post({
      type: 'paduka:sandbox-payment',
      razorpay_order_id: 'order_sbx_1',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    });
    await expect(result).resolves.toEqual({
      razorpay_order_id: 'order_sbx_1',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    });
  });

  it('ignores messages from other origins and of other shapes', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup);
    const result = openSandboxCheckout(order);
    post(
      { type: 'paduka:sandbox-payment', razorpay_order_id: 'x', razorpay_payment_id: 'y', razorpay_signature: 'z' },
      'https://evil.example',
    );
    post({ type: 'paduka:sandbox-payment', razorpay_order_id: 'x' });
    post('paduka:sandbox-cancel');
    post({ type: 'paduka:sandbox-cancel' });
    await expect(result).rejects.toBeInstanceOf(PaymentCancelledError);
  });

  it('treats the window closed without a message as a cancel', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup);
    const result = openSandboxCheckout(order);
    const settled = vi.fn();
    result.catch(settled);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(settled).toHaveBeenCalledWith(expect.any(PaymentCancelledError));
  });

  it('still takes a payment posted just before the window closed', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup);
    const result = openSandboxCheckout(order);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(400);
    post({ type: 'paduka:sandbox-payment', razorpay_order_id: 'o', razorpay_payment_id: 'p', razorpay_signature: 's' });
    await expect(result).resolves.toMatchObject({ razorpay_payment_id: 'p' });
  });

  it('reports a blocked pop-up', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(openSandboxCheckout(order)).rejects.toBeInstanceOf(PopupBlockedError);
  });
});
