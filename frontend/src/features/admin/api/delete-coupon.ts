import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok } from '@/types/api';

export const deleteCoupon = (id: string) =>
  api.get<Ok<{ message?: string }>>(`/coupon/delete-coupon/${encodeURIComponent(id)}`);

export const useDeleteCoupon = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all }),
  });
};
