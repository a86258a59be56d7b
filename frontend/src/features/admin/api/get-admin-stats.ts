import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AdminStats, Ok } from '@/types/api';

/** `GET /admin/stats`' returns of the last 90 days (decisions section 16). */
export type ReturnsStats = AdminStats['returns'];

export const getAdminStats = (signal?: AbortSignal): Promise<AdminStats> =>
  api.get<Ok<AdminStats>>('/admin/stats', { signal });

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.stats(),
    queryFn: ({ signal }) => getAdminStats(signal),
    // Orders move on other screens and in other tabs: refetch on every visit (the last figures
    // show meanwhile), and every minute while the dashboard stays open.
    staleTime: 0,
    refetchInterval: 60_000,
    meta: { errorToast: 'Failed to load the overview' },
  });

export const useAdminStats = () => useQuery(adminStatsQueryOptions());
