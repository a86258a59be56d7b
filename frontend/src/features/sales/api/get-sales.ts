import { queryOptions, useQuery } from '@tanstack/react-query';
import { getList } from '@/lib/get-list';
import { queryKeys } from '@/lib/query-keys';
import type { Sale } from '@/types/api';

export const getSales = (signal?: AbortSignal): Promise<Sale[]> => getList<Sale>('/sale/allsales', 'sales', signal);

export const salesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.sales.all,
    queryFn: ({ signal }) => getSales(signal),
    staleTime: 5 * 60_000,
    // The server's message when it refuses, else the spec's text.
    meta: { errorToast: 'Failed to load current sales.', serverMessage: true },
  });

export const useSales = () => useQuery(salesQueryOptions());
