import type { QueryClient } from '@tanstack/react-query';
import { categoriesQueryOptions } from './get-categories';
import { featuredQueryOptions } from './get-featured';
import { productQueryOptions } from './get-product';
import {
  productPageParams,
  productPagesQueryOptions,
  toProductPage,
  type ProductPage,
  type ProductQuery,
} from './get-product-pages';
import { DEFAULT_SORT } from '../utils/listing';
import { apiUrl } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import type { Category, Product } from '@/types/api';

/**
 * The home, category and product pages arrive drawn by the server, with the API's replies they
 * were drawn from in `<script type="application/json" id="first-view">`, keyed by the address
 * the app asks for each (decisions D29; crates/web/src/head.rs). The server's render
 * (entry-server.tsx) and the app's hydration both start from them (decisions D32): the app shows
 * the same page at once and asks the server for none of them again.
 */
export const FIRST_VIEW_ID = 'first-view';

/** The API's replies, by request address (`/api/v1/...`). */
export type FirstView = Record<string, unknown>;

/** The replies the page carries, if any (and readable). */
export function readFirstView(doc: Document = document): FirstView | null {
  const text = doc.getElementById(FIRST_VIEW_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as FirstView) : null;
  } catch {
    return null;
  }
}

/** A path segment as the router reads it; a malformed one is kept as written. */
function segment(raw: string | undefined): string {
  try {
    return decodeURIComponent(raw ?? '');
  } catch {
    return raw ?? '';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The list under `field` of a reply, as `getList` reads it. */
function listOf<T>(reply: unknown, field: string): T[] | undefined {
  if (!isRecord(reply)) return undefined;
  const list = reply[field];
  return Array.isArray(list) ? (list as T[]) : [];
}

/**
 * Puts into `client` every reply of `view` that one of the storefront's queries asks for at
 * `path`, exactly as that query would have stored it, so the first render needs no request.
 */
export function seedFirstView(client: QueryClient, view: FirstView, path: string): void {
  const reply = (path: string, params?: Parameters<typeof apiUrl>[1]) => view[apiUrl(path, params)];

  const featured = listOf<Product>(reply('/product/featured'), 'products');
  if (featured) client.setQueryData(featuredQueryOptions().queryKey, featured);
  const categories = listOf<Category>(reply('/category/all-categories'), 'categories');
  if (categories) client.setQueryData(categoriesQueryOptions().queryKey, categories);

  // The search page (spike): `/search?q=` as SearchRoute asks for it, without `size`.
  const [pathname = '', search = ''] = path.split('?');
  const category = /^\/category\/([^/]+)$/.exec(pathname);
  const q = pathname === '/search' ? (new URLSearchParams(search).get('q') ?? '').trim() : '';
  const listing: ProductQuery | null =
    pathname === '/'
      ? { categories: [], sort: DEFAULT_SORT }
      : category
        ? { categories: [segment(category[1])], sort: 'newest' }
        : q
          ? { categories: [], sort: 'newest', q }
          : null;
  if (listing) {
    const page = reply('/product/get-products', productPageParams(listing, 1));
    if (isRecord(page)) {
      client.setQueryData(productPagesQueryOptions(listing).queryKey, {
        pages: [toProductPage(page as ProductPage)],
        pageParams: [1],
      });
    }
  }

  const product = /^\/product\/([^/]+)$/.exec(pathname);
  if (product) {
    const id = segment(product[1]);
    const detail = reply(`/product/get-product/${encodeURIComponent(id)}`);
    if (isRecord(detail) && isRecord(detail.product)) {
      client.setQueryData(productQueryOptions(id).queryKey, detail.product as Product);
    }
  }
}

/** The app's data cache, holding what the server's first view of this page carried (decisions D29). */
export function createSeededQueryClient(): QueryClient {
  const client = createQueryClient();
  const view = readFirstView();
  if (view) seedFirstView(client, view, window.location.pathname + window.location.search);
  return client;
}
