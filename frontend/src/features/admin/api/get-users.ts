import { queryOptions, useQuery } from '@tanstack/react-query';
import { getList } from '@/lib/get-list';
import { queryKeys } from '@/lib/query-keys';
import type { User } from '@/types/api';

export const getUsers = (signal?: AbortSignal): Promise<User[]> => getList<User>('/user/get-users', 'users', signal);

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.list(),
    queryFn: ({ signal }) => getUsers(signal),
  });

export const useUsers = () => useQuery(usersQueryOptions());
