import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Product } from '@/types/api';

/** Up to five products the server picked at random for the banner (decisions 9). */
export const getFeatured = async (signal?: AbortSignal): Promise<Product[]> => {
  const reply = await api.get<Ok<{ products: Product[] }>>('/product/featured', { signal });
  return Array.isArray(reply.products) ? reply.products : [];
};

export const featuredQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.products.featured(),
    queryFn: ({ signal }) => getFeatured(signal),
    // One pick per visit: a refetch on focus would swap the slides under the shopper.
    staleTime: Infinity,
    meta: { logOnly: 'Failed to load featured products' },
  });

export const useFeatured = () => useQuery(featuredQueryOptions());
