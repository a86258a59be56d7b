import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { IndianState, Ok } from '@/types/api';

/** The list changes with the constitution, not with the shop: kept for the whole visit. */
const STATES_CACHE_MS = 24 * 60 * 60_000;

/** `GET /delivery/states`: every state and union territory, sorted by name (decisions 11). */
export const getStates = async (signal?: AbortSignal): Promise<IndianState[]> => {
  const reply = await api.get<Ok<{ states: IndianState[] }>>('/delivery/states', { signal });
  return Array.isArray(reply.states) ? reply.states : [];
};

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
