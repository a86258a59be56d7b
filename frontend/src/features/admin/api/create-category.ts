import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Category, Ok } from '@/types/api';

export type CategoryInput = { name: string; image: string };

export const createCategory = (body: CategoryInput) =>
  api.post<Ok<{ message?: string; category?: Category }>>('/category/create-category', body);

export const useCreateCategory = () =>
  useInvalidatingMutation({
    mutationFn: createCategory,
    invalidates: [queryKeys.categories.all],
  });
