import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Sale } from '@/types/api';
import type { SaleInput } from './create-sale';

export const updateSale = ({ id, ...body }: SaleInput & { id: string }) =>
  api.put<Ok<{ message?: string; sale?: Sale }>>(`/sale/update-sale/${encodeURIComponent(id)}`, body);

export const useUpdateSale = () =>
  useInvalidatingMutation({
    mutationFn: updateSale,
    invalidates: [queryKeys.sales.all],
  });
