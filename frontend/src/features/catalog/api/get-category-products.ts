import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CategoryRef, Ok, Product } from '@/types/api';

export type CategoryProductsReply = Ok<{ category: CategoryRef | null; count: number; products: Product[] }>;

export const getCategoryProducts = (categoryId: string, signal?: AbortSignal) =>
  api.get<CategoryProductsReply>(`/product/category/${encodeURIComponent(categoryId)}`, { signal });

export const categoryProductsQueryOptions = (categoryId: string) =>
  queryOptions({
    queryKey: queryKeys.products.byCategory(categoryId),
    queryFn: ({ signal }) => getCategoryProducts(categoryId, signal),
  });

export const useCategoryProducts = (categoryId: string) => useQuery(categoryProductsQueryOptions(categoryId));
