import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Sale } from '@/types/api';

/** start and end are ISO instants. */
export type SaleInput = { name: string; start: string; end: string; discount: number };

export const createSale = (body: SaleInput) =>
  api.post<Ok<{ message?: string; sale?: Sale }>>('/sale/create-sale', body);

export const useCreateSale = () =>
  useInvalidatingMutation({
    mutationFn: createSale,
    invalidates: [queryKeys.sales.all],
  });
