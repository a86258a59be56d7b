import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Category, Ok, Sale } from '@/types/api';

// The admin screens read the storefront's lists under keys of their own: each screen's failure
// has its own toast (spec section 8) where the storefront's copies only log theirs. The fetchers
// are admin's own because features never import each other (eslint boundaries). Writes
// invalidate `categories.all` / `sales.all`, which covers these keys too.

/** GET /category/all-categories. */
export const getAdminCategories = async (signal?: AbortSignal): Promise<Category[]> => {
  const reply = await api.get<Ok<{ categories: Category[] }>>('/category/all-categories', { signal });
  return Array.isArray(reply.categories) ? reply.categories : [];
};

/** Categories for a screen: the categories table, or the product form's category select. */
export const adminCategoriesQueryOptions = (screen: 'table' | 'product-form') =>
  queryOptions({
    queryKey: [...queryKeys.categories.all, 'admin', screen] as const,
    queryFn: ({ signal }) => getAdminCategories(signal),
    meta: { errorToast: screen === 'table' ? 'Cannot get categories..' : 'Error fetching categories' },
  });

export const useAdminCategories = (screen: 'table' | 'product-form') => useQuery(adminCategoriesQueryOptions(screen));

/** GET /sale/allsales. */
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
