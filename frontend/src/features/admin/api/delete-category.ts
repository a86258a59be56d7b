import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok } from '@/types/api';

/** 409 with the server's reason when products still use the category. */
export const deleteCategory = (id: string) =>
  api.get<Ok<{ message?: string }>>(`/category/delete-category/${encodeURIComponent(id)}`);

export const useDeleteCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.categories.all }),
  });
};
