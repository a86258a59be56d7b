import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok } from '@/types/api';

export const deleteUser = (id: string) =>
  api.get<Ok<{ message?: string }>>(`/user/delete-user/${encodeURIComponent(id)}`);

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
};
