import { sameColour, variantCount, variantLabel, variantStock } from '@/utils/variants';
import type { Product } from '@/types/api';

/** One of a product's colours (decisions D44): its name, `#RRGGBB` or none, its photos (first = main). */
export type Colour = Product['colors'][number];

type Coloured = Pick<Product, 'colors' | 'color' | 'price' | 'stock' | 'quantity' | 'type' | 'model'>;

/** The indices (the cart's `productno`) of a colour's variants, in the product's order. */
export function colourVariants(product: Coloured, name: string): number[] {
  return Array.from({ length: variantCount(product) }, (_, i) => i).filter((i) => sameColour(product.color?.[i], name));
}

/** The colours a shopper can pick: those that have at least one variant. `[]` without colours. */
export function shownColours(product: Coloured): Colour[] {
  return (product.colors ?? []).filter((c) => colourVariants(product, c.name).length > 0);
}

/**
 * The colour a listing shows the product in (`shownColor`, decisions D47): the server names it as
 * the product writes it; `null` when it names none of the colours a shopper can pick.
 */
export function shownColourOf(product: Coloured & { shownColor?: string | null }): Colour | null {
  const name = product.shownColor;
  if (!name) return null;
  return shownColours(product).find((c) => sameColour(c.name, name)) ?? null;
}

/** Whether any size of the colour is in stock. */
export function colourInStock(product: Coloured, name: string): boolean {
  return colourVariants(product, name).some((i) => variantStock(product, i) > 0);
}

/**
 * The colour shown: the one `asked` names (`?color=`, ignoring case), else the first with stock,
 * else the first. `null` for a product without colours.
 */
export function pickColour(product: Coloured, asked: string | null): Colour | null {
  const colours = shownColours(product);
  if (asked) {
    const named = colours.find((c) => sameColour(c.name, asked));
    if (named) return named;
  }
  return colours.find((c) => colourInStock(product, c.name)) ?? colours[0] ?? null;
}

/** The first of `indices` in stock, else the first (0 when there are none). */
export function firstInStock(product: Coloured, indices: readonly number[]): number {
  return indices.find((i) => variantStock(product, i) > 0) ?? indices[0] ?? 0;
}

/**
 * The variant of colour `name` for a shopper who had variant `current`: itself when it is of that
 * colour, else the same size in that colour (sold out or not: they know their size), else the
 * colour's first size in stock, else its first.
 */
export function sizeInColour(product: Coloured, name: string, current: number): number {
  const indices = colourVariants(product, name);
  if (indices.includes(current)) return current;
  const label = variantLabel(product, current);
  return indices.find((i) => variantLabel(product, i) === label) ?? firstInStock(product, indices);
}
