import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok } from '@/types/api';

/** 409 with the server's reason when products still use the category. */
export const deleteCategory = (id: string) =>
  api.get<Ok<{ message?: string }>>(`/category/delete-category/${encodeURIComponent(id)}`);

export const useDeleteCategory = () =>
  useInvalidatingMutation({
    mutationFn: deleteCategory,
    invalidates: [queryKeys.categories.all],
  });
