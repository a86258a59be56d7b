import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, StoreCredit } from '@/types/api';

/** `GET /user/credit`: the caller's store credit (the token's own; whole rupees). */
export const getCredit = async (signal?: AbortSignal): Promise<StoreCredit> => {
  const reply = await api.get<Ok<StoreCredit>>('/user/credit', { signal });
  return { balance: reply.balance ?? 0, entries: Array.isArray(reply.entries) ? reply.entries : [] };
};

// No toast on failure: the profile and the cart work without it (no line, no box).
export const creditQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.credit.mine(userId),
    queryFn: ({ signal }) => getCredit(signal),
    enabled: Boolean(userId),
  });

export const useStoreCredit = (userId: string) => useQuery(creditQueryOptions(userId));
