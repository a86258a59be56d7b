import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Coupon, Ok } from '@/types/api';

/** GET /coupon/all-coupons: newest first. */
export const getCoupons = async (signal?: AbortSignal): Promise<Coupon[]> => {
  const reply = await api.get<Ok<{ coupons: Coupon[] }>>('/coupon/all-coupons', { signal });
  return Array.isArray(reply.coupons) ? reply.coupons : [];
};

export const couponsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.coupons.all,
    queryFn: ({ signal }) => getCoupons(signal),
    meta: { errorToast: 'Cannot get coupons. Please try again later.', serverMessage: true },
  });

export const useCoupons = () => useQuery(couponsQueryOptions());
