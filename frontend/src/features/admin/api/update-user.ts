import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, User } from '@/types/api';

export type AdminUpdateUserInput = {
  id: string;
  newname: string;
  newphone: string;
  newaddress: string;
  newrole: number;
};

export const adminUpdateUser = ({ id, ...body }: AdminUpdateUserInput) =>
  api.put<Ok<{ message: string; user?: User }>>(`/user/update-user/${encodeURIComponent(id)}`, body);

export const useAdminUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminUpdateUser,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
};
