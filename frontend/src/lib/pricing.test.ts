import {
  discountedPaise,
  lineTotalCentiPaise,
  lineTotalRupees,
  orderAmountRupees,
  orderTotalCentiPaise,
  priceAfterDiscount,
  toPaise,
} from './pricing';

describe('price after discount', () => {
  it('takes the percent off the unit price', () => {
    expect(priceAfterDiscount(1000, 10)).toBe(900);
    expect(priceAfterDiscount(1299, 10)).toBe(1169.1);
    expect(priceAfterDiscount(2499, 0)).toBe(2499);
    expect(priceAfterDiscount(2499, 100)).toBe(0);
  });

  it('treats a missing discount as none and clamps out-of-range ones', () => {
    expect(priceAfterDiscount(500, undefined)).toBe(500);
    expect(priceAfterDiscount(500, -5)).toBe(500);
    expect(priceAfterDiscount(500, 150)).toBe(0);
  });

  it('keeps prices that carry paise exact', () => {
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1299.99)).toBe(129999);
    expect(discountedPaise(1299.99, 15)).toBe(110499); // 110499.15 paise
    expect(priceAfterDiscount(19.99, 33)).toBe(13.39); // 13.3933
  });
});

describe('order total', () => {
  it('follows the spec formula and cuts the fraction off', () => {
    // 1299 x 90/100 x 1 = 1169.1 ; 799 x 85/100 x 3 = 2037.45 ; sum 3206.55 -> 3206
    const lines = [
      { price: 1299, discount: 10, quantity: 1 },
      { price: 799, discount: 15, quantity: 3 },
    ];
    expect(orderTotalCentiPaise(lines)).toBe(32065500);
    expect(orderAmountRupees(lines)).toBe(3206);
  });

  it('does not lose paise to floating point', () => {
    // 0.1 + 0.2 rupees in floats is 0.30000000000000004; three lines of 33.33 are 99.99 exactly.
    expect(orderAmountRupees([{ price: 33.33, discount: 0, quantity: 3 }])).toBe(99);
    expect(orderAmountRupees([{ price: 0.5, discount: 0, quantity: 2 }])).toBe(1);
    expect(orderAmountRupees([{ price: 100, discount: 33, quantity: 3 }])).toBe(201);
    expect(orderAmountRupees([{ price: 999.99, discount: 0, quantity: 1 }])).toBe(999);
  });

  it('is zero for an empty cart and ignores non-positive quantities', () => {
    expect(orderAmountRupees([])).toBe(0);
    expect(orderAmountRupees([{ price: 500, discount: 0, quantity: 0 }])).toBe(0);
    expect(lineTotalCentiPaise(500, 0, -2)).toBe(0);
  });

  it('gives line totals in rupees for display', () => {
    expect(lineTotalRupees(799, 15, 3)).toBe(2037.45);
    expect(lineTotalRupees(1299, 10, 2)).toBe(2338.2);
  });
});
