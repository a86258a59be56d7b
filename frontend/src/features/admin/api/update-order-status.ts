import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok } from '@/types/api';

export type UpdateOrderStatusInput = { id: string; status: string };

export const updateOrderStatus = ({ id, status }: UpdateOrderStatusInput) =>
  api.put<Ok<{ message: string }>>(`/order/update-status/${encodeURIComponent(id)}`, { status });

export const useUpdateOrderStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
};
