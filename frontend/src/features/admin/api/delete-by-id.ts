import type { QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import type { Ok } from '@/types/api';

/** An admin delete that the server takes as `GET <path>/{id}`; the list under `listKey` is refetched after. */
export const useDeleteById = (path: string, listKey: QueryKey) =>
  useInvalidatingMutation({
    mutationFn: (id: string) => api.get<Ok<{ message?: string }>>(`${path}/${encodeURIComponent(id)}`),
    invalidates: [listKey],
  });
