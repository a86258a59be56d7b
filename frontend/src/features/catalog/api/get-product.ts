import { queryOptions, useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Product, ProductDetail } from '@/types/api';
import type { ProductPage } from './get-product-pages';

/**
 * A product as its page holds it: the detail's fit advice and size chart once it has loaded, a
 * listing's copy (without them) before.
 */
export type ShownProduct = Product & Partial<Pick<ProductDetail, 'fit' | 'sizeChart'>>;

export const getProduct = async (id: string, signal?: AbortSignal): Promise<ProductDetail> => {
  const reply = await api.get<Ok<{ product: ProductDetail }>>(`/product/get-product/${encodeURIComponent(id)}`, {
    signal,
  });
  return reply.product;
};

/** The copy of a product a listing or the banner already holds, if any. */
function cachedCopy(queryClient: QueryClient, id: string): Product | undefined {
  for (const [, data] of queryClient.getQueriesData<{ pages: ProductPage[] }>({
    queryKey: [...queryKeys.products.all, 'pages'],
  })) {
    const hit = data?.pages.flatMap((p) => p.products).find((p) => p._id === id);
    if (hit) return hit;
  }
  return queryClient.getQueryData<Product[]>(queryKeys.products.featured())?.find((p) => p._id === id);
}

export const productQueryOptions = (id: string, queryClient?: QueryClient) =>
  queryOptions<ShownProduct, Error, ShownProduct, ReturnType<typeof queryKeys.products.detail>>({
    queryKey: queryKeys.products.detail(id),
    queryFn: ({ signal }): Promise<ShownProduct> => getProduct(id, signal),
    // Show the card's copy at once while the detail loads.
    placeholderData: (): Product | undefined => (queryClient ? cachedCopy(queryClient, id) : undefined),
    meta: { logOnly: 'Failed to load product' },
  });

export const useProduct = (id: string, queryClient?: QueryClient) => useQuery(productQueryOptions(id, queryClient));

// Module-level, so react-query re-runs it only when a result changes (a stable array for effects).
const loadedProducts = (results: { data?: Product }[]) => results.flatMap((r) => (r.data ? [r.data] : []));

/** Several products by id, one call each (a cart holds a few), never the whole catalog. */
export const useProductsById = (ids: readonly string[]) =>
  useQueries({ queries: ids.map((id) => productQueryOptions(id)), combine: loadedProducts });
