import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Return } from '@/types/api';

/** `GET /return/mine`: the token's own returns (the server ignores any other user). */
export const getMyReturns = async (signal?: AbortSignal): Promise<Return[]> => {
  const reply = await api.get<Ok<{ returns: Return[] }>>('/return/mine', { signal });
  return Array.isArray(reply.returns) ? reply.returns : [];
};

export const myReturnsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.returns.mine(userId),
    queryFn: ({ signal }) => getMyReturns(signal),
    enabled: Boolean(userId),
    // The orders still show without them; the return button waits for them.
    meta: { logOnly: 'Failed to fetch returns' },
  });

export const useMyReturns = (userId: string) => useQuery(myReturnsQueryOptions(userId));
