import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Order } from '@/types/api';

export const getOrder = async (id: string, signal?: AbortSignal): Promise<Order> => {
  const reply = await api.get<Ok<{ order: Order }>>(`/order/get-order/${encodeURIComponent(id)}`, { signal });
  return reply.order;
};

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    enabled: Boolean(id),
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
