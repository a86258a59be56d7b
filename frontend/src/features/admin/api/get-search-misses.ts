import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, SearchMiss } from '@/types/api';

/** `GET /product/search-misses` (admin): the 20 searches that listed nothing most often, last 30 days. */
export const getSearchMisses = async (signal?: AbortSignal): Promise<SearchMiss[]> => {
  const reply = await api.get<Ok<{ misses: SearchMiss[] }>>('/product/search-misses', { signal });
  return Array.isArray(reply.misses) ? reply.misses : [];
};

export const searchMissesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.searchMisses(),
    queryFn: ({ signal }) => getSearchMisses(signal),
    // Shoppers search all day: fresh on every visit, as the overview's figures are.
    staleTime: 0,
    meta: { errorToast: 'Failed to load the searches that found nothing' },
  });

export const useSearchMisses = () => useQuery(searchMissesQueryOptions());
