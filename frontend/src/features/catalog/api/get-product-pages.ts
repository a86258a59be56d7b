import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { PRODUCT_PAGE_SIZE } from '@/config/constants';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ListedProduct, Ok } from '@/types/api';
import type { SortOption } from '../utils/listing';

/** What the listing asks the server for; the server filters, sorts and pages (decisions D12). */
export type ProductQuery = {
  /** Category ids; empty means all. */
  categories: readonly string[];
  /** Absent: no price limit. */
  maxPrice?: number;
  sort: SortOption;
  q?: string;
  /** Only products with this size in stock (a variant label, `UK 8`). */
  size?: string;
  /** Only products with some size in stock. */
  inStock?: boolean;
  /** Only products with a variant of this colour (its name, any case; decisions D47). */
  color?: string;
};

export type ProductPage = Ok<{
  /** Products on this page. */
  count: number;
  /** Products matching the query, all pages together. */
  total: number;
  /** The highest first-variant price matching every filter but `maxPrice`. */
  priceCeiling?: number | null;
  /** The query as the server corrected it when it matched only through typos, else null. */
  correctedQ?: string | null;
  products: ListedProduct[];
}>;

/** The search parameters of a page of `query` (the server's first view writes the same, decisions D29). */
export const productPageParams = (query: ProductQuery, page: number) => ({
  category: query.categories.join(','),
  maxPrice: query.maxPrice,
  sort: query.sort,
  q: query.q,
  size: query.size,
  inStock: query.inStock || undefined,
  color: query.color,
  page,
  limit: PRODUCT_PAGE_SIZE,
});

/** A reply as the listing keeps it: always a list of products and a total. */
export const toProductPage = (reply: ProductPage): ProductPage => {
  const products = Array.isArray(reply.products) ? reply.products : [];
  return { ...reply, products, total: typeof reply.total === 'number' ? reply.total : products.length };
};

export const getProductPage = async (query: ProductQuery, page: number, signal?: AbortSignal): Promise<ProductPage> =>
  toProductPage(
    await api.get<ProductPage>('/product/get-products', { signal, params: productPageParams(query, page) }),
  );

/** The next page while the pages so far hold fewer products than `total` (an empty page ends it too). */
export const nextPageParam = (last: ProductPage, pages: ProductPage[], lastParam: number): number | undefined => {
  const loaded = pages.reduce((n, p) => n + p.products.length, 0);
  return last.products.length > 0 && loaded < last.total ? lastParam + 1 : undefined;
};

export const productPagesQueryOptions = (query: ProductQuery) =>
  infiniteQueryOptions({
    queryKey: queryKeys.products.pages(query),
    queryFn: ({ signal, pageParam }) => getProductPage(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    // The home page only logs a failure (spec, section 8); the category page says so in place.
    meta: { logOnly: 'Failed to load products' },
  });

/**
 * `keepPrevious`: while a new filter or sort loads, the old results stay in place instead of
 * collapsing to skeletons (the home listing; not the category page, where they would be another
 * category's).
 */
export const useProductPages = (query: ProductQuery, { keepPrevious = false } = {}) =>
  useInfiniteQuery({
    ...productPagesQueryOptions(query),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });

/** How many cards the next page will bring, while it loads (none otherwise). */
export function comingCount(pages: readonly ProductPage[] | undefined, loadingNext: boolean): number {
  if (!loadingNext || !pages?.length) return 0;
  const loaded = pages.reduce((n, p) => n + p.products.length, 0);
  return Math.max(0, Math.min(PRODUCT_PAGE_SIZE, (pages[0]?.total ?? 0) - loaded));
}

/** The products of every page loaded so far, each once (a product may move between pages while paging). */
export function productsOfPages(pages: readonly ProductPage[] | undefined): ListedProduct[] {
  const seen = new Set<string>();
  const list: ListedProduct[] = [];
  for (const page of pages ?? []) {
    for (const p of page.products) {
      if (seen.has(p._id)) continue;
      seen.add(p._id);
      list.push(p);
    }
  }
  return list;
}
