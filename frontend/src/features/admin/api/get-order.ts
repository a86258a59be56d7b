import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, OrderWithHistory } from '@/types/api';

export const getOrder = async (id: string, signal?: AbortSignal): Promise<OrderWithHistory> => {
  const reply = await api.get<Ok<OrderWithHistory>>(`/order/get-order/${encodeURIComponent(id)}`, { signal });
  return {
    order: reply.order,
    history: Array.isArray(reply.history) ? reply.history : [],
    codEvents: Array.isArray(reply.codEvents) ? reply.codEvents : [],
  };
};

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    enabled: Boolean(id),
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
