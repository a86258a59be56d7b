import { orderFixture } from '@/testing/data';
import { isAwaitingCash, paymentIdText, paymentText } from './payment-method';

describe('payment method', () => {
  const cod = orderFixture({ paymentMethod: 'cod', paid: false, paymentId: null, amount: 2338 });

  it('says how much is to be collected on an unpaid cash on delivery order', () => {
    expect(paymentText(cod)).toBe('Cash on Delivery · ₹2,338 to collect');
    expect(paymentText({ ...cod, status: 'Delivered' })).toBe('Cash on Delivery · ₹2,338 to collect');
    expect(isAwaitingCash(cod)).toBe(true);
  });

  it('says Paid once recorded, and nothing to collect on a cancelled one', () => {
    expect(paymentText({ ...cod, paid: true })).toBe('Cash on Delivery · Paid');
    expect(isAwaitingCash({ ...cod, paid: true })).toBe(false);
    expect(paymentText({ ...cod, status: 'Cancelled' })).toBe('Cash on Delivery');
    expect(isAwaitingCash({ ...cod, status: 'Cancelled' })).toBe(false);
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
