import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok } from '@/types/api';

export const deleteUser = (id: string) =>
  api.get<Ok<{ message?: string }>>(`/user/delete-user/${encodeURIComponent(id)}`);

export const useDeleteUser = () =>
  useInvalidatingMutation({
    mutationFn: deleteUser,
    invalidates: [queryKeys.users.all],
  });
