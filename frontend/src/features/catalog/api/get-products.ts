import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Product } from '@/types/api';

export type ProductsReply = Ok<{ count: number; products: Product[] }>;

/**
 * The whole catalog, newest first: the admin's products table only. The storefront reads pages
 * (`get-product-pages.ts`). The list is used only when `count` is truthy (spec).
 */
export const getProducts = async (signal?: AbortSignal): Promise<Product[]> => {
  const reply = await api.get<ProductsReply>('/product/get-products', { signal });
  return reply.count && Array.isArray(reply.products) ? reply.products : [];
};

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.products.list(),
    queryFn: ({ signal }) => getProducts(signal),
    meta: { logOnly: 'Failed to load products' },
  });

export const useProducts = () => useQuery(productsQueryOptions());
