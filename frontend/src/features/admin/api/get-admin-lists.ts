import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Category, Ok, Sale } from '@/types/api';

/** GET /category/all-categories for the admin table (its own failure text). */
export const getAdminCategories = async (signal?: AbortSignal): Promise<Category[]> => {
  const reply = await api.get<Ok<{ categories: Category[] }>>('/category/all-categories', { signal });
  return Array.isArray(reply.categories) ? reply.categories : [];
};

export const adminCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.categories.all, 'admin'] as const,
    queryFn: ({ signal }) => getAdminCategories(signal),
    meta: { errorToast: 'Cannot get categories..' },
  });

export const useAdminCategories = () => useQuery(adminCategoriesQueryOptions());

/** GET /sale/allsales for the admin table. */
export const getAdminSales = async (signal?: AbortSignal): Promise<Sale[]> => {
  const reply = await api.get<Ok<{ sales: Sale[] }>>('/sale/allsales', { signal });
  return Array.isArray(reply.sales) ? reply.sales : [];
};

export const adminSalesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.sales.all, 'admin'] as const,
    queryFn: ({ signal }) => getAdminSales(signal),
    meta: { errorToast: 'Cannot get sales. Please try again later.', serverMessage: true },
  });

export const useAdminSales = () => useQuery(adminSalesQueryOptions());
