import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { DeliveryCheck, Ok } from '@/types/api';

/**
 * `state`: the state or union territory the pincode's first digits belong to, `null` when
 * unknown; `estimate`: the days a parcel would come between, `null` when not deliverable.
 */
export type DeliveryReply = Ok<DeliveryCheck>;

export const checkDelivery = (pincode: string, signal?: AbortSignal) =>
  api.get<DeliveryReply>(`/delivery/${encodeURIComponent(pincode)}`, { signal });

export const deliveryQueryOptions = (pincode: string) =>
  queryOptions({
    queryKey: queryKeys.delivery.check(pincode),
    queryFn: ({ signal }) => checkDelivery(pincode, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });

/** Ask once per pincode (cached): the product page and checkout both use it. */
export const fetchDelivery = (queryClient: QueryClient, pincode: string) =>
  queryClient.fetchQuery(deliveryQueryOptions(pincode));
