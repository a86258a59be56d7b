import {
  discountOf,
  discountedPaise,
  lineTotalPaise,
  lineTotalRupees,
  orderAmountRupees,
  orderTotalPaise,
  toPaise,
} from './pricing';

describe('price less a discount', () => {
  it('takes the percent off the MRP, rounded down to the paisa as the server does', () => {
    expect(discountedPaise(1000, 10)).toBe(90000);
    expect(discountedPaise(1299, 10)).toBe(116910);
    expect(discountedPaise(2499, 0)).toBe(249900);
    expect(discountedPaise(2499, 100)).toBe(0);
    expect(discountedPaise(1299.99, 15)).toBe(110499); // 110499.15 paise
    expect(discountedPaise(19.99, 33)).toBe(1339); // 1339.33
  });

  it('treats a missing discount as none and clamps out-of-range ones', () => {
    expect(discountedPaise(500, undefined)).toBe(50000);
    expect(discountedPaise(500, -5)).toBe(50000);
    expect(discountedPaise(500, 150)).toBe(0);
  });

  it('keeps prices that carry paise exact', () => {
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1299.99)).toBe(129999);
  });
});

describe('discount of a sale price', () => {
  it('is the whole percent below the MRP, rounded down', () => {
    expect(discountOf(3299, 1299)).toBe(60);
    expect(discountOf(3299, 3299)).toBe(0);
    expect(discountOf(999, 998)).toBe(0);
    expect(discountOf(1000, 0)).toBe(100);
    expect(discountOf(0, 0)).toBe(0);
  });
});

describe('order total', () => {
  it('sums sale price x quantity and cuts the fraction of a rupee off once', () => {
    // 1169.10 + 3 x 679.15 = 3206.55 -> 3206
    const lines = [
      { salePrice: 1169.1, quantity: 1 },
      { salePrice: 679.15, quantity: 3 },
    ];
    expect(orderTotalPaise(lines)).toBe(320655);
    expect(orderAmountRupees(lines)).toBe(3206);
    expect(orderAmountRupees([{ salePrice: 1299, quantity: 1 }])).toBe(1299);
  });

  it('does not lose paise to floating point', () => {
    expect(orderAmountRupees([{ salePrice: 33.33, quantity: 3 }])).toBe(99);
    expect(orderAmountRupees([{ salePrice: 0.5, quantity: 2 }])).toBe(1);
    expect(orderAmountRupees([{ salePrice: 999.99, quantity: 1 }])).toBe(999);
  });

  it('is zero for an empty cart and ignores non-positive quantities', () => {
    expect(orderAmountRupees([])).toBe(0);
    expect(orderAmountRupees([{ salePrice: 500, quantity: 0 }])).toBe(0);
    expect(lineTotalPaise(500, -2)).toBe(0);
  });

  it('gives line totals in rupees for display', () => {
    expect(lineTotalRupees(679.15, 3)).toBe(2037.45);
    expect(lineTotalRupees(1299, 2)).toBe(2598);
  });
});
