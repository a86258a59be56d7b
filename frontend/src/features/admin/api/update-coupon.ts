import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CouponInput, CouponReply } from './create-coupon';

export const updateCoupon = ({ id, ...body }: CouponInput & { id: string }) =>
  api.put<CouponReply>(`/coupon/update-coupon/${encodeURIComponent(id)}`, body);

export const useUpdateCoupon = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCoupon,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all }),
  });
};
