import { queryKeys } from '@/lib/query-keys';
import { useDeleteById } from './delete-by-id';

/** 409 with the server's reason when products still use the category. */
export const useDeleteCategory = () => useDeleteById('/category/delete-category', queryKeys.categories.all);
