import { DEFAULT_MAX_PRICE } from '@/config/constants';
import type { Product } from '@/types/api';

export const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'discount', label: 'Discount' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
] as const;

export type SortOption = (typeof SORT_OPTIONS)[number]['value'];
export const DEFAULT_SORT: SortOption = 'newest';

export function isSortOption(value: string): value is SortOption {
  return SORT_OPTIONS.some((o) => o.value === value);
}

/** The home page uses only the first variant's price and discount. */
export const firstPrice = (p: Product) => p.price?.[0] ?? 0;
export const firstDiscount = (p: Product) => p.discount?.[0] ?? 0;

const time = (iso: string | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? 0 : t;
};

/** The slider's maximum and initial value: the highest first price (100000 before load). */
export function highestFirstPrice(products: Product[] | undefined): number {
  if (!products || products.length === 0) return DEFAULT_MAX_PRICE;
  return Math.ceil(Math.max(...products.map(firstPrice)));
}

export type ListingFilters = {
  /** Category ids; empty means all. */
  categories: readonly string[];
  maxPrice: number;
  sort: SortOption;
};

export function filterProducts(products: Product[], { categories, maxPrice }: Omit<ListingFilters, 'sort'>) {
  const wanted = new Set(categories);
  return products.filter(
    (p) => (wanted.size === 0 || (p.category !== null && wanted.has(p.category._id))) && firstPrice(p) <= maxPrice,
  );
}

export function sortProducts(products: Product[], sort: SortOption): Product[] {
  const list = [...products];
  switch (sort) {
    case 'newest':
      return list.sort((a, b) => time(b.updatedAt) - time(a.updatedAt));
    case 'oldest':
      return list.sort((a, b) => time(a.updatedAt) - time(b.updatedAt));
    case 'discount':
      return list.sort((a, b) => firstDiscount(b) - firstDiscount(a));
    case 'price-low':
      return list.sort((a, b) => firstPrice(a) - firstPrice(b));
    case 'price-high':
      return list.sort((a, b) => firstPrice(b) - firstPrice(a));
  }
}

/** Filter by selected categories (none = all) and price <= max, then sort. */
export function applyListing(products: Product[], filters: ListingFilters): Product[] {
  return sortProducts(filterProducts(products, filters), filters.sort);
}

/** `count` distinct items picked at random (Fisher-Yates over a copy). */
export function pickRandom<T>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, Math.max(0, count));
}

/** Previous/next with wrap-around. */
export const wrapIndex = (index: number, length: number) => (length <= 0 ? 0 : ((index % length) + length) % length);
