import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok } from '@/types/api';

export const deleteCoupon = (id: string) =>
  api.get<Ok<{ message?: string }>>(`/coupon/delete-coupon/${encodeURIComponent(id)}`);

export const useDeleteCoupon = () =>
  useInvalidatingMutation({
    mutationFn: deleteCoupon,
    invalidates: [queryKeys.coupons.all],
  });
