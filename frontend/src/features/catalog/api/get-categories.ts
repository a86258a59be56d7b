import { queryOptions, useQuery } from '@tanstack/react-query';
import { getList } from '@/lib/get-list';
import { queryKeys } from '@/lib/query-keys';
import type { Category } from '@/types/api';

export const getCategories = (signal?: AbortSignal): Promise<Category[]> =>
  getList<Category>('/category/all-categories', 'categories', signal);

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories.all,
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 5 * 60_000,
    meta: { logOnly: 'Failed to load categories' },
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
