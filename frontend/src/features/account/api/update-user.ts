import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Ok, User } from '@/types/api';

export type UpdateUserInput = { id: string; newname: string; newphone: string; newaddress: string };

export const updateUser = ({ id, ...body }: UpdateUserInput) =>
  api.put<Ok<{ message: string; user?: User }>>(`/user/update-user/${encodeURIComponent(id)}`, body);

export const useUpdateUser = () => useMutation({ mutationFn: updateUser });
