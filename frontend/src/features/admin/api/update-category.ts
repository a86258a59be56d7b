import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Category, Ok } from '@/types/api';
import type { CategoryInput } from './create-category';

export const updateCategory = ({ id, ...body }: CategoryInput & { id: string }) =>
  api.put<Ok<{ message?: string; category?: Category }>>(`/category/update-category/${encodeURIComponent(id)}`, body);

export const useUpdateCategory = () =>
  useInvalidatingMutation({
    mutationFn: updateCategory,
    invalidates: [
      queryKeys.categories.all,
      // Products carry their category's name.
      queryKeys.products.all,
    ],
  });
