import { useMemo, useState } from 'react';
import { DEFAULT_MAX_PRICE } from '@/config/constants';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { productsOfPages, useProductPages, type ProductPage } from '../api/get-product-pages';
import { DEFAULT_SORT, type SortOption } from '../utils/listing';
import { useColourParam } from './use-colour-param';

/** How long the slider must rest before the server is asked. */
const SLIDER_SETTLE_MS = 250;

/** The slider's maximum: the server's `priceCeiling` (100000 before load, as the spec says). */
export function sliderCeiling(page: ProductPage | undefined): number {
  const ceiling = page?.priceCeiling;
  return typeof ceiling === 'number' && Number.isFinite(ceiling) && ceiling > 0
    ? Math.ceil(ceiling)
    : DEFAULT_MAX_PRICE;
}

/**
 * The home listing's sort and filters and the pages the server returns for them. Every change
 * is a new query, so it starts again at page 1.
 */
export function useListing() {
  const [sort, setSort] = useState<SortOption>(DEFAULT_SORT);
  const [selected, setSelected] = useState<string[]>([]);
  // null: the slider sits at its maximum, i.e. no price limit.
  const [chosenMax, setChosenMax] = useState<number | null>(null);
  const settledMax = useDebouncedValue(chosenMax, SLIDER_SETTLE_MS);
  // The colour is the address's (`/?color=Black`, a link from anywhere), not a panel's choice.
  const [colour, clearColour] = useColourParam();

  // The same filters in any click order are the same query (and the same cache entry).
  const categories = useMemo(() => [...selected].sort(), [selected]);
  const query = useProductPages(
    { categories, maxPrice: settledMax ?? undefined, sort, color: colour ?? undefined },
    { keepPrevious: true },
  );

  const pages = query.data?.pages;
  const ceiling = sliderCeiling(pages?.[0]);
  const products = useMemo(() => productsOfPages(pages), [pages]);

  return {
    sort,
    setSort,
    selected,
    toggleCategory: (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id])),
    maxPrice: chosenMax === null ? ceiling : Math.min(chosenMax, ceiling),
    ceiling,
    setMaxPrice: setChosenMax,
    colour,
    clearColour,
    filtered: selected.length > 0 || chosenMax !== null || colour !== null,
    reset: () => {
      setSelected([]);
      setChosenMax(null);
      if (colour !== null) clearColour();
    },
    query,
    products,
    total: pages?.[0]?.total ?? 0,
  };
}

export type Listing = ReturnType<typeof useListing>;
