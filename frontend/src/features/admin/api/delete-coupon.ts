import { queryKeys } from '@/lib/query-keys';
import { useDeleteById } from './delete-by-id';

export const useDeleteCoupon = () => useDeleteById('/coupon/delete-coupon', queryKeys.coupons.all);
