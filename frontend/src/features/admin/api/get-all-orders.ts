import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Order } from '@/types/api';

export const getAllOrders = async (signal?: AbortSignal): Promise<Order[]> => {
  const reply = await api.get<Ok<{ orders: Order[] }>>('/order/get-all-orders', { signal });
  return Array.isArray(reply.orders) ? reply.orders : [];
};

export const allOrdersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.orders.admin(),
    queryFn: ({ signal }) => getAllOrders(signal),
    meta: { errorToast: 'Failed to fetch orders' },
  });

export const useAllOrders = () => useQuery(allOrdersQueryOptions());
