import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, User } from '@/types/api';

export const getUsers = async (signal?: AbortSignal): Promise<User[]> => {
  const reply = await api.get<Ok<{ users: User[] }>>('/user/get-users', { signal });
  return Array.isArray(reply.users) ? reply.users : [];
};

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.list(),
    queryFn: ({ signal }) => getUsers(signal),
  });

export const useUsers = () => useQuery(usersQueryOptions());
