import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AdminStats, Ok, ReturnReason } from '@/types/api';

/**
 * `GET /admin/stats`' returns of the last 90 days (decisions section 16). Not in the server's
 * OpenAPI document yet, so written here; a server without returns leaves it out.
 */
export type ReturnsStats = {
  byReason: { reason: ReturnReason; count: number }[];
  /** `rate`: returned over sold, 0 to 1. */
  bySize: { size: string; returned: number; sold: number; rate: number }[];
};

/** `GET /admin/stats` with its returns, when the server sends them. */
export type AdminOverview = AdminStats & { returns?: ReturnsStats | null };

export const getAdminStats = (signal?: AbortSignal): Promise<AdminOverview> =>
  api.get<Ok<AdminOverview>>('/admin/stats', { signal });

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
