import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const checkUserAuth = (signal?: AbortSignal) => api.get<{ ok: boolean }>('/auth/user-auth', { signal });

export const userAuthQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.auth.user(token),
    queryFn: ({ signal }) => checkUserAuth(signal),
    enabled: Boolean(token),
    staleTime: 60_000,
  });

export const useUserAuth = (token: string) => useQuery(userAuthQueryOptions(token));
