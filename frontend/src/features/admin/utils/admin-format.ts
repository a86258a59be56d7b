import { formatRupees } from '@/lib/format';
import { hasStockPerSize, variantLabel, variantWords } from '@/utils/variants';
import type { Coupon, Order, Product } from '@/types/api';

/** `a, b ,, c` -> ['a', 'b', 'c']: the product form's comma-separated lists. */
export function parseList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `1299, 1499.50` -> [1299, 1499.5]; entries that are not numbers are dropped. */
export function parseNumberList(text: string): number[] {
  return parseList(text)
    .map((s) => Number(s))
    .filter((n) => Number.isFinite(n));
}

/** The reverse, for filling the form from a product. */
export function joinList(values: readonly (string | number)[] | undefined): string {
  return (values ?? []).join(', ');
}

const IST_OFFSET_MS = 330 * 60_000;

/** A `datetime-local` value read as India time (UTC+5:30) -> ISO instant; '' when invalid. */
export function istInputToIso(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return '';
  const [, y, mo, d, h, mi, s] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  return new Date(utc - IST_OFFSET_MS).toISOString();
}

/** An ISO instant -> the `datetime-local` value of the same moment in India time. */
export function isoToIstInput(iso: string): string {
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '';
  return new Date(t + IST_OFFSET_MS).toISOString().slice(0, 16);
}

const istFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** `22 Nov 2025, 3:30 pm IST`. */
export function formatIst(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${istFormat.format(date)} IST`;
}

/** One price per variant: `₹1,299, ₹1,499.50`. */
export function formatPriceList(prices: readonly number[] | undefined): string {
  return (prices ?? []).map(formatRupees).join(', ');
}

/** One discount per variant: `10%, 5%`. */
export function formatDiscountList(discounts: readonly number[] | undefined): string {
  return (discounts ?? []).map((d) => `${d}%`).join(', ');
}

/**
 * Stock per size, `UK 7: 3 · UK 8: 0`; the pool (`quantity`) for a pooled product. A product in
 * more than one colour names each size's colour, in the variant words of decisions D44
 * (`Charcoal, UK 7: 3 · Rust, UK 7: 0`): its sizes repeat once per colour.
 */
export function formatStock(product: Pick<Product, 'stock' | 'quantity' | 'type' | 'model' | 'color'>): string {
  if (!hasStockPerSize(product)) return String(product.quantity ?? '');
  const coloured = new Set(product.color.map((c) => c.trim().toLowerCase())).size > 1;
  return product.stock
    .map((n, i) => {
      const size = variantLabel(product, i);
      return `${coloured ? variantWords(product.color[i], size) : size}: ${n}`;
    })
    .join(' · ');
}

/** `10%` or `₹200 off`. */
export function formatCouponValue(coupon: Pick<Coupon, 'kind' | 'value'>): string {
  return coupon.kind === 'percent' ? `${coupon.value}%` : `${formatRupees(coupon.value)} off`;
}

/** A limit, or `no limit` when there is none. */
export function formatLimit(limit: number | null | undefined): string {
  return limit === null || limit === undefined ? 'no limit' : String(limit);
}

/** Uses so far over the limit: `3 / 10`, `3 / no limit`. */
export function formatCouponUses(coupon: Pick<Coupon, 'used' | 'maxUses'>): string {
  return `${coupon.used} / ${formatLimit(coupon.maxUses)}`;
}

/** The buyer's name, or the id when the server sent only that. */
export function orderUserName(user: Order['user'] | string | null): string {
  if (!user) return '';
  return typeof user === 'string' ? user : user.name;
}

const dayFormat = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', day: 'numeric', month: 'short' });

/** An India day `2026-11-22` -> `22 Nov` (the date is already India's: no zone shift). */
export function formatDayLabel(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  return dayFormat.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}
