import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, User } from '@/types/api';

export type Seller = Pick<User, '_id'> & Partial<User>;

export const getSellers = async (signal?: AbortSignal): Promise<Seller[]> => {
  const reply = await api.get<Ok<{ sellers?: Seller[]; users?: Seller[] }>>('/user/get-sellers', { signal });
  const list = reply.sellers ?? reply.users;
  return Array.isArray(list) ? list : [];
};

export const sellersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.sellers(),
    queryFn: ({ signal }) => getSellers(signal),
    // The server's message when it refuses, else the spec's text.
    meta: { errorToast: 'Error fetching sellers', serverMessage: true },
  });

export const useSellers = () => useQuery(sellersQueryOptions());
