import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Product } from '@/types/api';

export const getProduct = async (id: string, signal?: AbortSignal): Promise<Product> => {
  const reply = await api.get<Ok<{ product: Product }>>(`/product/get-product/${encodeURIComponent(id)}`, { signal });
  return reply.product;
};

export const productQueryOptions = (id: string, queryClient?: QueryClient) =>
  queryOptions<Product, Error, Product, ReturnType<typeof queryKeys.products.detail>>({
    queryKey: queryKeys.products.detail(id),
    queryFn: ({ signal }): Promise<Product> => getProduct(id, signal),
    // Show the card's copy from the catalog at once while the detail loads.
    placeholderData: (): Product | undefined =>
      queryClient?.getQueryData<Product[]>(queryKeys.products.list())?.find((p) => p._id === id),
    meta: { logOnly: 'Failed to load product' },
  });

export const useProduct = (id: string, queryClient?: QueryClient) => useQuery(productQueryOptions(id, queryClient));
