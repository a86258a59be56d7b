import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CouponInput, CouponReply } from './create-coupon';

export const updateCoupon = ({ id, ...body }: CouponInput & { id: string }) =>
  api.put<CouponReply>(`/coupon/update-coupon/${encodeURIComponent(id)}`, body);

export const useUpdateCoupon = () =>
  useInvalidatingMutation({
    mutationFn: updateCoupon,
    invalidates: [queryKeys.coupons.all],
  });
