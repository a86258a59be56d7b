import type { Order, Product, Return } from '@/types/api';
import { variantLabel, variantSalePrice, variantStock } from '@/utils/variants';

/** The returns of one order. */
export const returnsOfOrder = (returns: readonly Return[], orderId: string): Return[] =>
  returns.filter((r) => r.orderId === orderId);

/**
 * Pairs of each order line a return may ask for now, as the server answers them
 * (`actions.returnable`, decisions D30: it counts what returns hold and dates the window).
 */
export const returnableQuantities = (order: Pick<Order, 'products' | 'actions'>): number[] =>
  order.products.map((_, index) => order.actions.returnable[index] ?? 0);

/** Whether the order offers `Return or exchange`: while the server offers some pair. */
export const canRequestReturn = (order: Pick<Order, 'products' | 'actions'>): boolean =>
  returnableQuantities(order).some((n) => n > 0);

/** A size an exchange may take: its variant index, label, and pairs left. */
export type ExchangeSize = { index: number; label: string; left: number };

/** The variant index of the size a line was bought in, by its label; `null` when not found. */
export function boughtSizeIndex(product: Pick<Product, 'type' | 'model' | 'price'>, label: string | null | undefined) {
  if (!label) return null;
  const count = Math.max(1, product.price?.length ?? 0);
  for (let i = 0; i < count; i += 1) if (variantLabel(product, i) === label) return i;
  return null;
}

/**
 * The other sizes of the product that sell at the price of the one bought (both as the catalog
 * has them now, as the server compares them), with at least one pair in stock.
 */
export function exchangeSizes(
  product: Pick<Product, 'type' | 'model' | 'price' | 'salePrice' | 'discount' | 'stock' | 'quantity'>,
  boughtLabel: string | null | undefined,
): ExchangeSize[] {
  const bought = boughtSizeIndex(product, boughtLabel);
  if (bought === null) return [];
  const price = variantSalePrice(product, bought);
  const sizes: ExchangeSize[] = [];
  for (let i = 0; i < (product.price?.length ?? 0); i += 1) {
    if (i === bought || variantSalePrice(product, i) !== price) continue;
    const left = variantStock(product, i);
    if (left > 0) sizes.push({ index: i, label: variantLabel(product, i), left });
  }
  return sizes;
}

/** What a line of the order cost before the coupon: the unit price charged times the pairs. */
const lineValue = (line: Order['products'][number], quantity: number) => line.salePrice * quantity;

/**
 * About what `quantity` pairs of line `index` are worth of what the order cost: the coupon spread
 * in proportion to the lines' values (as the invoice spreads it), rounded down to the paisa. The
 * server works out the exact figure.
 */
export function refundEstimate(order: Pick<Order, 'products' | 'amount'>, index: number, quantity: number): number {
  const line = order.products[index];
  if (!line || quantity <= 0) return 0;
  const total = order.products.reduce((sum, l) => sum + lineValue(l, l.quantity), 0);
  if (total <= 0) return 0;
  const share = (order.amount * lineValue(line, Math.min(quantity, line.quantity))) / total;
  return Math.floor(share * 100 + 1e-6) / 100;
}
