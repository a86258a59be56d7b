import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@/config/constants';
import { plainStorage } from '@/lib/plain-storage';
import { orderAmountRupees, type PricedLine } from '@/lib/pricing';
import { hasStockPerSize, variantSalePrice, variantStock } from '@/utils/variants';
import type { Product } from '@/types/api';

/** A cart line is the full product plus the chosen variant index and a quantity (spec, section 3). */
export type CartLine = Product & { productno: number; quantity: number };

export type CartState = {
  lines: CartLine[];
  /** Adds one; the same product and variant again raises its quantity. */
  add: (product: Product, productno: number) => void;
  increment: (productId: string, productno: number) => void;
  /** Lowers the quantity; at 1 the line goes. Returns whether it was removed. */
  decrement: (productId: string, productno: number) => 'removed' | 'decreased' | 'missing';
  remove: (productId: string, productno: number) => void;
  clear: () => void;
  /** Refresh the stored product copies (prices, names, stock) from the catalog. */
  syncProducts: (products: Product[]) => void;
};

const same = (line: CartLine, productId: string, productno: number) =>
  line._id === productId && line.productno === productno;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keep only well-formed lines from storage (a hand-edited or older copy must not crash the shop). */
export function linesFromStored(raw: unknown): { lines: CartLine[] } | null {
  const list = Array.isArray(raw) ? raw : isRecord(raw) && Array.isArray(raw.lines) ? raw.lines : null;
  if (!list) return null;
  const lines = list.filter(
    (l): l is CartLine =>
      isRecord(l) &&
      typeof l._id === 'string' &&
      Array.isArray(l.price) &&
      Number.isInteger(l.productno) &&
      (l.productno as number) >= 0 &&
      Number.isInteger(l.quantity) &&
      (l.quantity as number) >= 1,
  );
  return { lines };
}

export function createCartStore(storage?: () => Storage | undefined) {
  return create<CartState>()(
    persist(
      (set, get) => ({
        lines: [],
        add: (product, productno) =>
          set((s) => {
            const found = s.lines.some((l) => same(l, product._id, productno));
            if (found) {
              return {
                lines: s.lines.map((l) => (same(l, product._id, productno) ? { ...l, quantity: l.quantity + 1 } : l)),
              };
            }
            return { lines: [...s.lines, { ...product, productno, quantity: 1 }] };
          }),
        increment: (productId, productno) =>
          set((s) => ({
            lines: s.lines.map((l) => (same(l, productId, productno) ? { ...l, quantity: l.quantity + 1 } : l)),
          })),
        decrement: (productId, productno) => {
          const line = get().lines.find((l) => same(l, productId, productno));
          if (!line) return 'missing';
          if (line.quantity <= 1) {
            set((s) => ({ lines: s.lines.filter((l) => !same(l, productId, productno)) }));
            return 'removed';
          }
          set((s) => ({
            lines: s.lines.map((l) => (same(l, productId, productno) ? { ...l, quantity: l.quantity - 1 } : l)),
          }));
          return 'decreased';
        },
        remove: (productId, productno) =>
          set((s) => ({ lines: s.lines.filter((l) => !same(l, productId, productno)) })),
        clear: () => set({ lines: [] }),
        syncProducts: (products) =>
          set((s) => {
            const byId = new Map(products.map((p) => [p._id, p]));
            let changed = false;
            const lines: CartLine[] = [];
            for (const line of s.lines) {
              const fresh = byId.get(line._id);
              if (!fresh) {
                lines.push(line);
                continue;
              }
              changed = true;
              // A variant that no longer exists cannot be bought.
              if (line.productno >= Math.max(1, fresh.price.length)) continue;
              lines.push({ ...fresh, productno: line.productno, quantity: line.quantity });
            }
            return changed ? { lines } : s;
          }),
      }),
      {
        name: STORAGE_KEYS.cart,
        storage: plainStorage<{ lines: CartLine[] }, CartLine[]>({
          toStored: (s) => s.lines,
          fromStored: linesFromStored,
          storage,
        }),
        partialize: (s) => ({ lines: s.lines }),
      },
    ),
  );
}

export const useCartStore = createCartStore();

export const selectLineCount = (s: Pick<CartState, 'lines'>) => s.lines.length;
export const selectItemCount = (s: Pick<CartState, 'lines'>) => s.lines.reduce((n, l) => n + l.quantity, 0);

export function toPricedLines(lines: CartLine[]): PricedLine[] {
  return lines.map((l) => ({
    salePrice: variantSalePrice(l, l.productno),
    quantity: l.quantity,
  }));
}

/** The order amount in whole rupees (sale prices summed, fraction of a rupee cut off). */
export const cartAmountRupees = (lines: CartLine[]) => orderAmountRupees(toPricedLines(lines));

/** What the server needs to price the cart itself. */
export const toCheckoutLines = (lines: CartLine[]) =>
  lines.map((l) => ({ _id: l._id, productno: l.productno, quantity: l.quantity }));

/**
 * The stock behind a line, from the product's current copy (`product`; a line's own
 * `quantity` is how many it holds, so it cannot carry the pool): `inStock` for the line's size,
 * else the product's pool; `max` what this line may hold, which for a pool is what the
 * product's other lines leave of it. No limit while the product is not known.
 */
export function lineStock(
  lines: readonly CartLine[],
  line: Pick<CartLine, '_id' | 'productno'>,
  product: Pick<Product, 'stock' | 'quantity'> | undefined,
): { inStock: number; max: number } {
  if (!product) return { inStock: Infinity, max: Infinity };
  const inStock = variantStock(product, line.productno);
  if (hasStockPerSize(product)) return { inStock, max: inStock };
  const others = lines
    .filter((l) => l._id === line._id && l.productno !== line.productno)
    .reduce((n, l) => n + l.quantity, 0);
  return { inStock, max: Math.max(0, inStock - others) };
}
