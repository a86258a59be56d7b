import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Category, Ok } from '@/types/api';

export type CategoryInput = { name: string; image: string };

export const createCategory = (body: CategoryInput) =>
  api.post<Ok<{ message?: string; category?: Category }>>('/category/create-category', body);

export const useCreateCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.categories.all }),
  });
};
