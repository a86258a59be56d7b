import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in parts of the shop, each with its own check (`/auth/user-auth`, `/auth/admin-auth`). */
export type AuthArea = 'user' | 'admin';

export const checkAuth = (area: AuthArea, signal?: AbortSignal) =>
  api.get<{ ok: boolean }>(`/auth/${area}-auth`, { signal });

export const authQueryOptions = (area: AuthArea, token: string) =>
  queryOptions({
    queryKey: queryKeys.auth[area](token),
    queryFn: ({ signal }) => checkAuth(area, signal),
    enabled: Boolean(token),
    staleTime: 60_000,
  });

/** Whether the server accepts the token for the area; idle without a token. */
export const useAuthCheck = (area: AuthArea, token: string) => useQuery(authQueryOptions(area, token));
