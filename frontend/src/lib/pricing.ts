// Money rules. Rupee prices may carry paise, so everything is computed in integer paise.
// Each size sells at an exact `salePrice` (decisions D36); `price` is its MRP.

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
 * An MRP less a whole-percent discount, in paise rounded down, as the server prices a size given
 * as price and discount (and a product copy from before exact prices, e.g. an old cart).
 */
export function discountedPaise(price: number, discount: number | undefined): number {
  return Math.floor((toPaise(price) * (100 - normalizeDiscount(discount))) / 100);
}

/** The whole percent a sale price is below its MRP, rounded down (what the server derives). */
export function discountOf(price: number, salePrice: number): number {
  const mrp = toPaise(price);
  const sale = toPaise(salePrice);
  if (mrp <= 0 || sale >= mrp) return 0;
  return Math.floor(((mrp - sale) * 100) / mrp);
}

/** Sale price x quantity in paise (non-positive quantities count as none). */
export function lineTotalPaise(salePrice: number, quantity: number): number {
  return toPaise(salePrice) * Math.max(0, Math.trunc(quantity));
}

/** Line total in rupees (for display). */
export function lineTotalRupees(salePrice: number, quantity: number): number {
  return lineTotalPaise(salePrice, quantity) / 100;
}

/** One line as the order's amount counts it: what a unit sells at, and how many. */
export type PricedLine = { salePrice: number; quantity: number };

/** Exact total of all lines, in paise. */
export function orderTotalPaise(lines: PricedLine[]): number {
  return lines.reduce((sum, l) => sum + lineTotalPaise(l.salePrice, l.quantity), 0);
}

/**
 * The order amount as the server computes it: the sum of sale price x quantity, with the
 * fraction of a rupee cut off (whole rupees).
 */
export function orderAmountRupees(lines: PricedLine[]): number {
  return Math.floor(orderTotalPaise(lines) / 100);
}
