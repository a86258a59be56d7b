import { queryOptions, useQuery } from '@tanstack/react-query';
import { getList } from '@/lib/get-list';
import { queryKeys } from '@/lib/query-keys';
import type { Coupon } from '@/types/api';

/** GET /coupon/all-coupons: newest first. */
export const getCoupons = (signal?: AbortSignal): Promise<Coupon[]> =>
  getList<Coupon>('/coupon/all-coupons', 'coupons', signal);

export const couponsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.coupons.all,
    queryFn: ({ signal }) => getCoupons(signal),
    meta: { errorToast: 'Cannot get coupons. Please try again later.', serverMessage: true },
  });

export const useCoupons = () => useQuery(couponsQueryOptions());
