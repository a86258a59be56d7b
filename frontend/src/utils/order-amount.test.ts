import { amountRows } from './order-amount';

describe('how an order amount came about', () => {
  it('reads as the subtotal and the coupon, and as nothing for an order that cost its lines', () => {
    expect(amountRows({ coupon: 'FLAT200', subtotal: 1500, discount: 200, amount: 1300 })).toEqual([
      { label: 'Subtotal', value: '₹1,500' },
      { label: 'Coupon FLAT200', value: '−₹200' },
    ]);
    expect(
      amountRows({ coupon: null, subtotal: 1500, discount: 0, amount: 1500, prepaidDiscount: 0, codFee: 0 }),
    ).toEqual([]);
    // An older copy without the subtotal: amount plus discount.
    expect(amountRows({ coupon: 'X1', discount: 50, amount: 950 })[0]).toEqual({ label: 'Subtotal', value: '₹1,000' });
  });

  it('shows the saving for paying online and the cash on delivery charge as the server priced them', () => {
    expect(
      amountRows({ coupon: 'FLAT200', subtotal: 2500, discount: 200, prepaidDiscount: 115, codFee: 0, amount: 2185 }),
    ).toEqual([
      { label: 'Subtotal', value: '₹2,500' },
      { label: 'Coupon FLAT200', value: '−₹200' },
      { label: 'Paid online saving', value: '−₹115' },
    ]);
    expect(
      amountRows({ coupon: null, subtotal: 999, discount: 0, prepaidDiscount: 0, codFee: 49, amount: 1048 }),
    ).toEqual([
      { label: 'Subtotal', value: '₹999' },
      { label: 'Cash on delivery charge', value: '₹49' },
    ]);
    // Without the subtotal: the amount with the saving given back and the charge taken off.
    expect(amountRows({ coupon: null, discount: 0, prepaidDiscount: 50, codFee: 0, amount: 950 })[0]).toEqual({
      label: 'Subtotal',
      value: '₹1,000',
    });
  });
});
