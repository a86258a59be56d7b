import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Order } from '@/types/api';

/** The token's own orders (the server ignores any other user). */
export const getMyOrders = async (signal?: AbortSignal): Promise<Order[]> => {
  const reply = await api.post<Ok<{ orders: Order[] }>>('/order/myorders', {}, { signal });
  return Array.isArray(reply.orders) ? reply.orders : [];
};

export const myOrdersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.orders.mine(userId),
    queryFn: ({ signal }) => getMyOrders(signal),
    enabled: Boolean(userId),
    meta: { errorToast: 'Failed to fetch orders' },
  });

export const useMyOrders = (userId: string) => useQuery(myOrdersQueryOptions(userId));
