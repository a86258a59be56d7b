import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Coupon, CouponKind, Ok } from '@/types/api';

/** Decisions D7: start and end are ISO instants; a null limit is no limit. */
export type CouponInput = {
  code: string;
  kind: CouponKind;
  value: number;
  minOrder: number;
  start: string;
  end: string;
  maxUses: number | null;
  maxUsesPerUser: number | null;
};

export type CouponReply = Ok<{ message?: string; coupon?: Coupon }>;

export const createCoupon = (body: CouponInput) => api.post<CouponReply>('/coupon/create-coupon', body);

export const useCreateCoupon = () =>
  useInvalidatingMutation({
    mutationFn: createCoupon,
    invalidates: [queryKeys.coupons.all],
  });
