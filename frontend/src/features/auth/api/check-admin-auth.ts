import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const checkAdminAuth = (signal?: AbortSignal) => api.get<{ ok: boolean }>('/auth/admin-auth', { signal });

export const adminAuthQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.auth.admin(token),
    queryFn: ({ signal }) => checkAdminAuth(signal),
    enabled: Boolean(token),
    staleTime: 60_000,
  });

export const useAdminAuth = (token: string) => useQuery(adminAuthQueryOptions(token));
