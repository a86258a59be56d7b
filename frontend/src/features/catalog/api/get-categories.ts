import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Category, Ok } from '@/types/api';

export const getCategories = async (signal?: AbortSignal): Promise<Category[]> => {
  const reply = await api.get<Ok<{ categories: Category[] }>>('/category/all-categories', { signal });
  return Array.isArray(reply.categories) ? reply.categories : [];
};

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories.all,
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 5 * 60_000,
    meta: { logOnly: 'Failed to load categories' },
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
