import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Category, Ok } from '@/types/api';
import type { CategoryInput } from './create-category';

export const updateCategory = ({ id, ...body }: CategoryInput & { id: string }) =>
  api.put<Ok<{ message?: string; category?: Category }>>(`/category/update-category/${encodeURIComponent(id)}`, body);

export const useUpdateCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.categories.all });
      // Products carry their category's name.
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
    },
  });
};
