import { ALLOWED, actionsFixture, orderFixture, refused } from '@/testing/data';
import { isAwaitingCash, paymentIdText, paymentText } from './payment-method';

describe('payment method', () => {
  const cod = orderFixture({
    paymentMethod: 'cod',
    paid: false,
    paymentId: null,
    amount: 2338,
    actions: actionsFixture({ markPaid: ALLOWED }),
  });
  const refusing = (reason: string) => actionsFixture({ markPaid: refused(reason) });

  it('says how much is to be collected while the server offers Mark paid', () => {
    expect(paymentText(cod)).toBe('Cash on Delivery · ₹2,338 to collect');
    expect(isAwaitingCash(cod)).toBe(true);
  });

  it('says Paid once recorded, and nothing to collect when the server refuses Mark paid', () => {
    const paid = { ...cod, paid: true, actions: refusing('Order is already paid') };
    expect(paymentText(paid)).toBe('Cash on Delivery · Paid');
    expect(isAwaitingCash(paid)).toBe(false);
    const cancelled = { ...cod, status: 'Cancelled' as const, actions: refusing('Order Cancelled') };
    expect(paymentText(cancelled)).toBe('Cash on Delivery');
    expect(isAwaitingCash(cancelled)).toBe(false);
  });

  it('reads online orders, and orders without a method, as paid online', () => {
    expect(paymentText(orderFixture({ paymentMethod: 'online', paid: true }))).toBe('Paid online');
    expect(paymentText(orderFixture())).toBe('Paid online');
    expect(isAwaitingCash(orderFixture())).toBe(false);
  });

  it('shows an en dash for a payment id that is not there yet', () => {
    expect(paymentIdText(cod)).toBe('–');
    expect(paymentIdText(orderFixture())).toBe('pay_123');
  });
});
