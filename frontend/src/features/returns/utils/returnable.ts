import type { Order, Product, Return } from '@/types/api';
import { sameColour, variantCount, variantLabel, variantSalePrice, variantStock, variantWords } from '@/utils/variants';

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

/**
 * A variant an exchange may take: its index (what the request sends), its colour (`''` without
 * colours) and size, `label` the two in words (`Black, UK 9`; `UK 9` without colours), and
 * pairs left.
 */
export type ExchangeSize = { index: number; color: string; size: string; label: string; left: number };

type Variants = Pick<Product, 'type' | 'model' | 'price' | 'color'>;

/**
 * The variant index a line was bought in: the variant of its colour (ignoring case, as names
 * are unique so) and its size label (decisions D44). A product without colours has `''` for
 * each, so there the size alone decides, as before colours. `null` when none is both: the
 * shop then offers no exchange rather than guess another colour's variant.
 */
export function boughtSizeIndex(
  product: Variants,
  colour: string | null | undefined,
  label: string | null | undefined,
) {
  if (!label) return null;
  for (let i = 0; i < variantCount(product); i += 1) {
    if (variantLabel(product, i) === label && sameColour(product.color?.[i], colour)) return i;
  }
  return null;
}

/**
 * The other variants of the product (another size, another colour, or both: D44) that sell at
 * the price of the one bought (both as the catalog has them now, as the server compares them),
 * with at least one pair in stock.
 */
export function exchangeSizes(
  product: Variants & Pick<Product, 'salePrice' | 'discount' | 'stock' | 'quantity'>,
  boughtColour: string | null | undefined,
  boughtLabel: string | null | undefined,
): ExchangeSize[] {
  const bought = boughtSizeIndex(product, boughtColour, boughtLabel);
  if (bought === null) return [];
  const price = variantSalePrice(product, bought);
  const sizes: ExchangeSize[] = [];
  for (let i = 0; i < (product.price?.length ?? 0); i += 1) {
    if (i === bought || variantSalePrice(product, i) !== price) continue;
    const left = variantStock(product, i);
    if (left <= 0) continue;
    const color = product.color?.[i] ?? '';
    const size = variantLabel(product, i);
    sizes.push({ index: i, color, size, label: variantWords(color, size), left });
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
