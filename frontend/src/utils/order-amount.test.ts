import { couponRows } from './order-amount';

describe('an order amount with a coupon', () => {
  it('reads as the subtotal and the coupon, and as nothing without a coupon', () => {
    expect(couponRows({ coupon: 'FLAT200', subtotal: 1500, discount: 200, amount: 1300 })).toEqual([
      { label: 'Subtotal', value: '₹1,500' },
      { label: 'Coupon FLAT200', value: '−₹200' },
    ]);
    expect(couponRows({ coupon: null, subtotal: 1500, discount: 0, amount: 1500 })).toEqual([]);
    // An older copy without the subtotal: amount plus discount.
    expect(couponRows({ coupon: 'X1', discount: 50, amount: 950 })[0]).toEqual({ label: 'Subtotal', value: '₹1,000' });
  });
});
