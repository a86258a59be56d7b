import { queryOptions, useQuery } from '@tanstack/react-query';
import { getList } from '@/lib/get-list';
import { queryKeys } from '@/lib/query-keys';
import type { Order } from '@/types/api';

export const getAllOrders = (signal?: AbortSignal): Promise<Order[]> =>
  getList<Order>('/order/get-all-orders', 'orders', signal);

export const allOrdersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.orders.admin(),
    queryFn: ({ signal }) => getAllOrders(signal),
    meta: { errorToast: 'Failed to fetch orders' },
  });

export const useAllOrders = () => useQuery(allOrdersQueryOptions());
