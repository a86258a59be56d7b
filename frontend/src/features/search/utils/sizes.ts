import type { Product } from '@/types/api';

const bySize = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare;

/** The sizes the products found come in, in size order (`UK 6` before `UK 10`), with the chosen one kept. */
export function sizesOf(products: readonly Product[], chosen: string | null): string[] {
  const sizes = new Set(products.flatMap((p) => p.type.filter((label) => label.trim() !== '')));
  if (chosen) sizes.add(chosen);
  return [...sizes].sort(bySize);
}
