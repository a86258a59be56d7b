import { queryOptions, useQuery } from '@tanstack/react-query';
import { getList } from '@/lib/get-list';
import { queryKeys } from '@/lib/query-keys';
import type { Product } from '@/types/api';

/** Up to five products the server picked at random for the banner (decisions D12). */
export const getFeatured = (signal?: AbortSignal): Promise<Product[]> =>
  getList<Product>('/product/featured', 'products', signal);

export const featuredQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.products.featured(),
    queryFn: ({ signal }) => getFeatured(signal),
    // One pick per visit: a refetch on focus would swap the slides under the shopper.
    staleTime: Infinity,
    meta: { logOnly: 'Failed to load featured products' },
  });

export const useFeatured = () => useQuery(featuredQueryOptions());
