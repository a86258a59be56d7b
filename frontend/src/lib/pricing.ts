// Money rules. Rupee prices may carry paise, so everything is computed in integer units:
// paise, and for discounted amounts "paise x percent" (centi-paise), which stays exact.

/** Rupees (JSON number, maybe with paise) to integer paise. */
export function toPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) return 0;
  return Math.round(rupees * 100);
}

/** Clamp a discount to a whole percent in 0..=100 (a missing discount is 0). */
export function normalizeDiscount(discount: number | undefined): number {
  if (discount === undefined || !Number.isFinite(discount)) return 0;
  return Math.min(100, Math.max(0, Math.round(discount)));
}

/**
 * price x (100 - discount) / 100 x quantity, exactly, in units of 1/100 paise
 * (i.e. paise x (100 - discount) x quantity).
 */
export function lineTotalCentiPaise(price: number, discount: number | undefined, quantity: number): number {
  const q = Math.max(0, Math.trunc(quantity));
  return toPaise(price) * (100 - normalizeDiscount(discount)) * q;
}

/** Unit price after discount, rounded to whole paise (for display). */
export function discountedPaise(price: number, discount: number | undefined): number {
  return Math.round(lineTotalCentiPaise(price, discount, 1) / 100);
}

/** Unit price after discount in rupees (for display), e.g. 1299 at 10% -> 1169.1. */
export function priceAfterDiscount(price: number, discount: number | undefined): number {
  return discountedPaise(price, discount) / 100;
}

/** Line total after discount in rupees (for display), rounded to paise. */
export function lineTotalRupees(price: number, discount: number | undefined, quantity: number): number {
  return Math.round(lineTotalCentiPaise(price, discount, quantity) / 100) / 100;
}

export type PricedLine = { price: number; discount: number | undefined; quantity: number };

/** Exact total of all lines, in 1/100 paise. */
export function orderTotalCentiPaise(lines: PricedLine[]): number {
  return lines.reduce((sum, l) => sum + lineTotalCentiPaise(l.price, l.discount, l.quantity), 0);
}

/**
 * The order amount as the spec and the server compute it: the sum of
 * price x (100 - discount) / 100 x quantity, with the fraction cut off (whole rupees).
 */
export function orderAmountRupees(lines: PricedLine[]): number {
  return Math.floor(orderTotalCentiPaise(lines) / 10000);
}
