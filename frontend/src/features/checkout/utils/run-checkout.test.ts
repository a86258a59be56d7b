import { ApiError } from '@/lib/api-client';
import type { PaymentOrder } from '../api/create-payment';
import { PaymentCancelledError } from './payment-window';
import { runCheckout, runCodCheckout, type CheckoutDeps, type CodCheckoutDeps } from './run-checkout';

const lines = [
  { _id: 'p1', productno: 0, quantity: 1, salePrice: 1169.1 },
  { _id: 'p2', productno: 1, quantity: 3, salePrice: 679.15 },
];
const paymentOrder: PaymentOrder = {
  success: true,
  id: 'order_1',
  amount: 320600,
  currency: 'INR',
  key: 'rzp_test',
  provider: 'sandbox',
};
const paid = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' };

function deps(overrides: Partial<CheckoutDeps> = {}): CheckoutDeps {
  return {
    checkDelivery: vi.fn(async () => ({ deliverable: true })),
    createPayment: vi.fn(async () => paymentOrder),
    collectPayment: vi.fn(async () => paid),
    placeOrder: vi.fn(async () => ({ success: true })),
    ...overrides,
  };
}

const good = { lines, address: '12 MG Road, Raipur', pincode: '492001' };

describe('place order', () => {
  it('tells the order, never the payment, that the shopper wants WhatsApp updates', async () => {
    const d = deps();
    await expect(runCheckout({ ...good, whatsapp: true }, d)).resolves.toEqual({ ok: true, amount: 3206 });
    expect(d.createPayment).toHaveBeenCalledWith(expect.not.objectContaining({ whatsapp: expect.anything() }));
    expect(d.placeOrder).toHaveBeenCalledWith(expect.objectContaining({ whatsapp: true, paymentId: 'pay_1' }));
    const without = deps();
    await runCheckout({ ...good, whatsapp: false }, without);
    expect(without.placeOrder).toHaveBeenCalledWith(expect.not.objectContaining({ whatsapp: expect.anything() }));
  });

  it('pays the spec amount and creates the order with the window fields', async () => {
    const d = deps();
    await expect(runCheckout(good, d)).resolves.toEqual({ ok: true, amount: 3206 });
    const products = [
      { _id: 'p1', productno: 0, quantity: 1 },
      { _id: 'p2', productno: 1, quantity: 3 },
    ];
    expect(d.createPayment).toHaveBeenCalledWith({
      amount: 3206,
      products,
      address: '12 MG Road, Raipur',
      pincode: '492001',
    });
    expect(d.collectPayment).toHaveBeenCalledWith(paymentOrder);
    expect(d.placeOrder).toHaveBeenCalledWith({
      products,
      address: '12 MG Road, Raipur',
      pincode: '492001',
      amount: 3206,
      paymentId: 'pay_1',
      orderId: 'order_1',
      signature: 'sig',
    });
  });

  it("pays a coupon's amount and names the coupon in both calls; without one, no coupon key", async () => {
    const d = deps();
    await expect(runCheckout({ ...good, coupon: { code: 'WELCOME10', amount: 2886 } }, d)).resolves.toEqual({
      ok: true,
      amount: 2886,
    });
    expect(d.createPayment).toHaveBeenCalledWith(expect.objectContaining({ amount: 2886, coupon: 'WELCOME10' }));
    expect(d.placeOrder).toHaveBeenCalledWith(expect.objectContaining({ amount: 2886, coupon: 'WELCOME10' }));

    const plain = deps();
    await runCheckout(good, plain);
    expect(vi.mocked(plain.createPayment).mock.calls[0]![0]).not.toHaveProperty('coupon');
    expect(vi.mocked(plain.placeOrder).mock.calls[0]![0]).not.toHaveProperty('coupon');
  });

  it('names the chosen place of supply in both calls; without one (or an empty one), no state key', async () => {
    const d = deps();
    await runCheckout({ ...good, state: 'Chhattisgarh' }, d);
    expect(d.createPayment).toHaveBeenCalledWith(expect.objectContaining({ amount: 3206, state: 'Chhattisgarh' }));
    expect(d.placeOrder).toHaveBeenCalledWith(expect.objectContaining({ paymentId: 'pay_1', state: 'Chhattisgarh' }));

    for (const state of [undefined, '']) {
      const plain = deps();
      await runCheckout({ ...good, state }, plain);
      expect(vi.mocked(plain.createPayment).mock.calls[0]![0]).not.toHaveProperty('state');
      expect(vi.mocked(plain.placeOrder).mock.calls[0]![0]).not.toHaveProperty('state');
    }
  });

  it('checks the pincode first', async () => {
    const d = deps();
    for (const pincode of ['', '49200', '4920011', 'abcdef']) {
      await expect(runCheckout({ ...good, pincode, address: '', lines: [] }, d)).resolves.toMatchObject({
        message: 'Enter a valid 6-digit Pincode',
      });
    }
    expect(d.checkDelivery).not.toHaveBeenCalled();
  });

  it('then asks whether the pincode is deliverable', async () => {
    const d = deps({ checkDelivery: vi.fn(async () => ({ deliverable: false })) });
    await expect(runCheckout({ ...good, pincode: '110001', lines: [] }, d)).resolves.toMatchObject({
      message: 'Delivery not available at this address',
    });
    expect(d.checkDelivery).toHaveBeenCalledWith('110001');
    const offline = deps({ checkDelivery: vi.fn(async () => Promise.reject(new ApiError('Network error', 0))) });
    await expect(runCheckout(good, offline)).resolves.toMatchObject({ message: 'Failed to fetch pincode details' });
  });

  it('then needs items, then an address, then a positive whole amount', async () => {
    const d = deps();
    await expect(runCheckout({ ...good, lines: [], address: '' }, d)).resolves.toMatchObject({
      message: 'Please add some items to your cart',
    });
    await expect(runCheckout({ ...good, address: '   ' }, d)).resolves.toMatchObject({
      message: 'Please enter your address',
    });
    // 0.50 rupees in total: positive, but the whole-rupee amount is 0.
    const tiny = [{ _id: 'p', productno: 0, quantity: 1, salePrice: 0.5 }];
    await expect(runCheckout({ ...good, lines: tiny }, d)).resolves.toMatchObject({
      message: 'Please enter a valid amount',
    });
    expect(d.createPayment).not.toHaveBeenCalled();
  });

  it('reports a failed payment order', async () => {
    const down = deps({ createPayment: vi.fn(async () => Promise.reject(new ApiError('Something went wrong', 500))) });
    await expect(runCheckout(good, down)).resolves.toMatchObject({
      stage: 'payment',
      message: 'Error initiating payment',
    });
    const stale = deps({
      createPayment: vi.fn(async () => Promise.reject(new ApiError('Only 2 left of Trail Runner', 409))),
    });
    await expect(runCheckout(good, stale)).resolves.toMatchObject({ message: 'Only 2 left of Trail Runner' });
  });

  it('reports a dismissed payment window and creates no order', async () => {
    const d = deps({ collectPayment: vi.fn(async () => Promise.reject(new PaymentCancelledError())) });
    await expect(runCheckout(good, d)).resolves.toEqual({
      ok: false,
      stage: 'cancelled',
      message: 'Payment cancelled.',
    });
    expect(d.placeOrder).not.toHaveBeenCalled();
  });

  it("shows the server's reason when the order cannot be placed, else 'Cannot place order'", async () => {
    const noStock = deps({
      placeOrder: vi.fn(async () => Promise.reject(new ApiError('Only 2 left of Trail Runner', 409))),
    });
    await expect(runCheckout(good, noStock)).resolves.toMatchObject({
      stage: 'order',
      message: 'Only 2 left of Trail Runner',
    });
    const offline = deps({ placeOrder: vi.fn(async () => Promise.reject(new ApiError('Network error', 0))) });
    await expect(runCheckout(good, offline)).resolves.toMatchObject({ message: 'Cannot place order' });
  });
});

describe('place order, cash on delivery', () => {
  const codDeps = (overrides: Partial<CodCheckoutDeps> = {}): CodCheckoutDeps => ({
    checkDelivery: vi.fn(async () => ({ deliverable: true })),
    placeCodOrder: vi.fn(async () => ({ success: true, message: 'Order Placed Successfully' })),
    ...overrides,
  });
  const products = [
    { _id: 'p1', productno: 0, quantity: 1 },
    { _id: 'p2', productno: 1, quantity: 3 },
  ];

  it('sends the body the online order sends, without payment fields, and no coupon key without one', async () => {
    const d = codDeps();
    await expect(runCodCheckout(good, d)).resolves.toEqual({
      ok: true,
      amount: 3206,
      message: 'Order Placed Successfully',
    });
    expect(d.placeCodOrder).toHaveBeenCalledWith({
      products,
      address: '12 MG Road, Raipur',
      pincode: '492001',
      amount: 3206,
    });
  });

  it("collects the coupon's amount and names the coupon", async () => {
    const d = codDeps();
    await runCodCheckout({ ...good, coupon: { code: 'WELCOME10', amount: 2886 } }, d);
    expect(d.placeCodOrder).toHaveBeenCalledWith({
      products,
      address: '12 MG Road, Raipur',
      pincode: '492001',
      amount: 2886,
      coupon: 'WELCOME10',
    });
  });

  it('names the chosen place of supply beside the coupon', async () => {
    const d = codDeps();
    await runCodCheckout({ ...good, coupon: { code: 'WELCOME10', amount: 2886 }, state: 'Maharashtra' }, d);
    expect(d.placeCodOrder).toHaveBeenCalledWith({
      products,
      address: '12 MG Road, Raipur',
      pincode: '492001',
      amount: 2886,
      coupon: 'WELCOME10',
      state: 'Maharashtra',
    });
  });

  it('checks pincode, delivery, items and address as paying online does, before asking', async () => {
    const d = codDeps();
    await expect(runCodCheckout({ ...good, pincode: '4920' }, d)).resolves.toMatchObject({
      message: 'Enter a valid 6-digit Pincode',
    });
    const far = codDeps({ checkDelivery: vi.fn(async () => ({ deliverable: false })) });
    await expect(runCodCheckout(good, far)).resolves.toMatchObject({
      message: 'Delivery not available at this address',
    });
    await expect(runCodCheckout({ ...good, lines: [] }, d)).resolves.toMatchObject({
      message: 'Please add some items to your cart',
    });
    await expect(runCodCheckout({ ...good, address: ' ' }, d)).resolves.toMatchObject({
      message: 'Please enter your address',
    });
    expect(d.placeCodOrder).not.toHaveBeenCalled();
    expect(far.placeCodOrder).not.toHaveBeenCalled();
  });

  it("shows the server's refusal, else 'Cannot place order'", async () => {
    const refused = codDeps({
      placeCodOrder: vi.fn(async () =>
        Promise.reject(new ApiError('Cash on delivery is not available for this order', 400)),
      ),
    });
    await expect(runCodCheckout(good, refused)).resolves.toEqual({
      ok: false,
      stage: 'order',
      message: 'Cash on delivery is not available for this order',
    });
    const offline = codDeps({ placeCodOrder: vi.fn(async () => Promise.reject(new ApiError('Network error', 0))) });
    await expect(runCodCheckout(good, offline)).resolves.toMatchObject({ message: 'Cannot place order' });
  });
});
