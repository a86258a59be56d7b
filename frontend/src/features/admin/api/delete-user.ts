import { queryKeys } from '@/lib/query-keys';
import { useDeleteById } from './delete-by-id';

export const useDeleteUser = () => useDeleteById('/user/delete-user', queryKeys.users.all);
