import { queryKeys } from '@/lib/query-keys';
import { useDeleteById } from './delete-by-id';

export const useDeleteSale = () => useDeleteById('/sale/delete-sale', queryKeys.sales.all);
