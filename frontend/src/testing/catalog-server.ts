import type { Product } from '@/types/api';
import type { MockReply, MockRequest } from './mock-api';

// What the first size sells at: the server sorts, filters and bounds by it (decisions D36).
const firstPrice = (p: Product) => p.salePrice[0] ?? 0;
const time = (iso: string | undefined) => (iso ? Date.parse(iso) : 0);

const ORDER: Record<string, (a: Product, b: Product) => number> = {
  newest: (a, b) => time(b.updatedAt) - time(a.updatedAt),
  oldest: (a, b) => time(a.updatedAt) - time(b.updatedAt),
  discount: (a, b) => (b.discount[0] ?? 0) - (a.discount[0] ?? 0),
  'price-low': (a, b) => firstPrice(a) - firstPrice(b),
  'price-high': (a, b) => firstPrice(b) - firstPrice(a),
};

/** The variant colour of `p` that `color` names ignoring case, as the product writes it. */
const colourOf = (p: Product, color: string) =>
  p.color.find((c) => c !== '' && c.toLowerCase() === color.toLowerCase());

/**
 * `GET /product/get-products` as the server answers it (decisions D12): `category` (ids separated
 * by commas), `maxPrice`, `color` (with each product's `shownColor`, D47), `sort`, `page` and
 * `limit`; `priceCeiling` ignores `maxPrice`.
 */
export function productPages(products: Product[]) {
  return ({ query }: MockRequest): MockReply => {
    const wanted = new Set((query.get('category') ?? '').split(',').filter(Boolean));
    const color = query.get('color');
    const inCategory = products
      .filter((p) => wanted.size === 0 || (p.category && wanted.has(p.category._id)))
      .filter((p) => !color || colourOf(p, color) !== undefined)
      .map((p) => (color ? { ...p, shownColor: colourOf(p, color) } : p));
    const maxPrice = query.has('maxPrice') ? Number(query.get('maxPrice')) : Infinity;
    const matches = inCategory
      .filter((p) => firstPrice(p) <= maxPrice)
      .sort(ORDER[query.get('sort') ?? 'newest'] ?? ORDER.newest);
    const limit = Number(query.get('limit') ?? matches.length);
    const page = Number(query.get('page') ?? 1);
    const slice = matches.slice((page - 1) * limit, page * limit);
    return {
      body: {
        success: true,
        count: slice.length,
        total: matches.length,
        priceCeiling: inCategory.length > 0 ? Math.max(...inCategory.map(firstPrice)) : 0,
        products: slice,
      },
    };
  };
}

/** The catalog's calls answered from `products`: pages, and the first five as the banner's. */
export function catalogRoutes(products: Product[]) {
  return {
    'GET /product/get-products': productPages(products),
    'GET /product/featured': { body: { success: true, products: products.slice(0, 5) } },
  };
}
