import { discountedPaise } from '@/lib/pricing';
import type { Product } from '@/types/api';

/** A variant's label: its type, else its model, else a number. */
export function variantLabel(product: Pick<Product, 'type' | 'model'>, index: number): string {
  return product.type?.[index] || product.model?.[index] || `Option ${index + 1}`;
}

/**
 * A variant in words as the server names it (the domain's `catalog::variant_words`, decisions
 * D44): `Tan, UK 8`; `UK 8` without a colour, `Tan` without a size, `''` without either.
 */
export function variantWords(colour: string | null | undefined, size: string | null | undefined): string {
  const c = colour?.trim() ?? '';
  const s = size?.trim() ?? '';
  return c && s ? `${c}, ${s}` : c || s;
}

/**
 * A sold line's name as the server prints it (the domain's `catalog::line_title`):
 * `Monsoon Knit Slip-On (Tan, UK 8)`, `Trail Runner (UK 8)`, the bare name without either.
 */
export function lineTitle(name: string, colour: string | null | undefined, size: string | null | undefined): string {
  const words = variantWords(colour, size);
  return words ? `${name} (${words})` : name;
}

/** Whether two colour names are one colour: a product's names are unique ignoring case (D44). */
export const sameColour = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * The main photo of variant `index`'s colour (a cart line's `productno`): what the shopper picked
 * looks as they saw it. `undefined` for a variant without a colour, a colour without photos, or one
 * the product no longer has: the product's own photo then.
 */
export function variantColourPhoto(product: Pick<Product, 'color' | 'colors'>, index: number): string | undefined {
  const name = product.color?.[index];
  if (!name) return undefined;
  return product.colors?.find((c) => sameColour(c.name, name))?.photos?.[0];
}

/** How many variants a product has (one per price; at least one). */
export function variantCount(product: Pick<Product, 'price'>): number {
  return Math.max(1, product.price?.length ?? 0);
}

export function variantPrice(product: Pick<Product, 'price'>, index: number): number {
  return product.price?.[index] ?? product.price?.[0] ?? 0;
}

export function variantDiscount(product: Pick<Product, 'discount'>, index: number): number {
  return product.discount?.[index] ?? 0;
}

/**
 * What the variant sells at, in rupees (decisions D36): its `salePrice`; for a copy kept from
 * before exact prices (an old cart), its price less its discount as the server then charged.
 */
export function variantSalePrice(
  product: Pick<Product, 'price' | 'discount'> & { salePrice?: number[] },
  index: number,
): number {
  const sale = product.salePrice?.[index] ?? product.salePrice?.[0];
  if (typeof sale === 'number') return sale;
  return discountedPaise(variantPrice(product, index), variantDiscount(product, index)) / 100;
}

/** Whether the product counts stock per variant (size) rather than in one pool. */
export function hasStockPerSize(product: Pick<Product, 'stock'>): product is { stock: number[] } {
  return Array.isArray(product.stock);
}

/**
 * What is in stock for a variant: its own count for a product with stock per size, else the
 * pool (`quantity`). `Infinity` when the product says nothing (an old copy).
 */
export function variantStock(product: Pick<Product, 'stock' | 'quantity'>, index: number): number {
  if (hasStockPerSize(product)) return Math.max(0, product.stock[index] ?? 0);
  return typeof product.quantity === 'number' ? Math.max(0, product.quantity) : Infinity;
}
