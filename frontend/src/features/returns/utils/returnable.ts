import { RETURN_WINDOW_DAYS } from '@/config/constants';
import type { Order, Product, Return, ReturnStatus, StatusChange } from '@/types/api';
import { variantLabel, variantPrice, variantStock } from '@/utils/variants';

const DAY_MS = 86_400_000;

/** Statuses that give their lines back: what they asked for may be asked again. */
const GIVES_BACK: readonly ReturnStatus[] = ['Rejected', 'Cancelled'];

/** What dates an order's delivery (the orders list has these; `GET /order/get-order/{id}` has the history). */
type DeliveredOrder = Pick<Order, 'status' | 'shipment' | 'updatedAt'>;

/**
 * When the order reached the shopper, as the server dates the return window:
 * `shipment.deliveredAt` (the courier's `Delivered`, or an admin's on a shipped order), else the
 * last time its status history set it `Delivered` (an order set Delivered by hand); `null` when
 * it is not delivered or nothing dates it (the server then says the window has closed).
 *
 * Without the history `updatedAt` stands in. It is never earlier than the delivery, but recording
 * the cash of a COD order moves it later, so it may keep the window open too long: see
 * `needsHistory`.
 */
export function deliveredAt(order: DeliveredOrder, history?: readonly StatusChange[]): string | null {
  if (order.status !== 'Delivered') return null;
  const shipped = order.shipment?.deliveredAt;
  if (shipped) return shipped;
  if (!history) return order.updatedAt || null;
  return history
    .filter((h) => h.status === 'Delivered')
    .reduce<string | null>((last, h) => (last === null || Date.parse(h.at) > Date.parse(last) ? h.at : last), null);
}

/** Whether `now` is within `RETURN_WINDOW_DAYS` of the delivery (the server has the last word). */
export function isWithinReturnWindow(
  order: DeliveredOrder,
  now: Date = new Date(),
  history?: readonly StatusChange[],
  days: number = RETURN_WINDOW_DAYS,
): boolean {
  const at = deliveredAt(order, history);
  if (!at) return false;
  const since = Date.parse(at);
  return Number.isFinite(since) && now.getTime() <= since + days * DAY_MS;
}

/**
 * Whether only the order's status history can tell if the window is open: a delivered order
 * without a dated shipment whose `updatedAt` still leaves it open (once that closes, the earlier
 * delivery's window closed too).
 */
export const needsHistory = (order: DeliveredOrder, now: Date = new Date()): boolean =>
  order.status === 'Delivered' && !order.shipment?.deliveredAt && isWithinReturnWindow(order, now);

/** The returns of one order. */
export const returnsOfOrder = (returns: readonly Return[], orderId: string): Return[] =>
  returns.filter((r) => r.orderId === orderId);

/**
 * Pairs of each order line that may still be asked for: ordered, less those in returns that
 * still hold them (everything but rejected and cancelled ones).
 */
export function returnableQuantities(order: Pick<Order, 'products'>, returns: readonly Return[]): number[] {
  const left = order.products.map((line) => Math.max(0, line.quantity));
  for (const ret of returns) {
    if (GIVES_BACK.includes(ret.status)) continue;
    for (const line of ret.lines) {
      if (left[line.line] !== undefined) left[line.line] = Math.max(0, left[line.line]! - line.quantity);
    }
  }
  return left;
}

/**
 * Whether the order offers `Return or exchange`: delivered, within the window (dated by
 * `history` when given), something left.
 */
export function canRequestReturn(
  order: DeliveredOrder & Pick<Order, 'products'>,
  returns: readonly Return[],
  now: Date = new Date(),
  history?: readonly StatusChange[],
): boolean {
  return isWithinReturnWindow(order, now, history) && returnableQuantities(order, returns).some((n) => n > 0);
}

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
 * The other sizes of the product at the price of the one bought (both as the catalog has them
 * now, as the server compares them), with at least one pair in stock.
 */
export function exchangeSizes(
  product: Pick<Product, 'type' | 'model' | 'price' | 'stock' | 'quantity'>,
  boughtLabel: string | null | undefined,
): ExchangeSize[] {
  const bought = boughtSizeIndex(product, boughtLabel);
  if (bought === null) return [];
  const price = variantPrice(product, bought);
  const sizes: ExchangeSize[] = [];
  for (let i = 0; i < (product.price?.length ?? 0); i += 1) {
    if (i === bought || variantPrice(product, i) !== price) continue;
    const left = variantStock(product, i);
    if (left > 0) sizes.push({ index: i, label: variantLabel(product, i), left });
  }
  return sizes;
}

/** What a line of the order cost before the coupon: unit price less its discount, times the pairs. */
const lineValue = (line: Order['products'][number], quantity: number) =>
  (line.price * (100 - line.discount) * quantity) / 100;

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
