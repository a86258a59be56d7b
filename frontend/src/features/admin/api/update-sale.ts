import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Sale } from '@/types/api';
import type { SaleInput } from './create-sale';

export const updateSale = ({ id, ...body }: SaleInput & { id: string }) =>
  api.put<Ok<{ message?: string; sale?: Sale }>>(`/sale/update-sale/${encodeURIComponent(id)}`, body);

export const useUpdateSale = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSale,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.sales.all }),
  });
};
