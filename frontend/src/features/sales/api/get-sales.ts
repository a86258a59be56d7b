import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Sale } from '@/types/api';

export const getSales = async (signal?: AbortSignal): Promise<Sale[]> => {
  const reply = await api.get<Ok<{ sales: Sale[] }>>('/sale/allsales', { signal });
  return Array.isArray(reply.sales) ? reply.sales : [];
};

export const salesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.sales.all,
    queryFn: ({ signal }) => getSales(signal),
    staleTime: 5 * 60_000,
    // The server's message when it refuses, else the spec's text.
    meta: { errorToast: 'Failed to load current sales.', serverMessage: true },
  });

export const useSales = () => useQuery(salesQueryOptions());
