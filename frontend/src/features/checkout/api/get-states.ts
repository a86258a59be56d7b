import { queryOptions, useQuery } from '@tanstack/react-query';
import { getList } from '@/lib/get-list';
import { queryKeys } from '@/lib/query-keys';
import type { IndianState } from '@/types/api';

/** The list changes with the constitution, not with the shop: kept for the whole visit. */
const STATES_CACHE_MS = 24 * 60 * 60_000;

/** `GET /delivery/states`: every state and union territory, sorted by name (decisions D16). */
export const getStates = (signal?: AbortSignal): Promise<IndianState[]> =>
  getList<IndianState>('/delivery/states', 'states', signal);

export const statesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.delivery.states(),
    queryFn: ({ signal }) => getStates(signal),
    staleTime: STATES_CACHE_MS,
    gcTime: STATES_CACHE_MS,
    // The State select still offers the pincode's state; the server works it out without one.
    meta: { logOnly: 'Failed to load states' },
  });

export const useStates = () => useQuery(statesQueryOptions());
