import { queryOptions, useQuery } from '@tanstack/react-query';
import { getList } from '@/lib/get-list';
import { queryKeys } from '@/lib/query-keys';
import type { Category, Sale } from '@/types/api';

// The admin screens read the storefront's lists under keys of their own: each screen's failure
// has its own toast (spec section 8) where the storefront's copies only log theirs. The fetchers
// are admin's own because features never import each other (eslint boundaries). Writes
// invalidate `categories.all` / `sales.all`, which covers these keys too.

/** GET /category/all-categories. */
export const getAdminCategories = (signal?: AbortSignal): Promise<Category[]> =>
  getList<Category>('/category/all-categories', 'categories', signal);

/** Categories for a screen: the categories table, or the product form's category select. */
export const adminCategoriesQueryOptions = (screen: 'table' | 'product-form') =>
  queryOptions({
    queryKey: [...queryKeys.categories.all, 'admin', screen] as const,
    queryFn: ({ signal }) => getAdminCategories(signal),
    meta: { errorToast: screen === 'table' ? 'Cannot get categories..' : 'Error fetching categories' },
  });

export const useAdminCategories = (screen: 'table' | 'product-form') => useQuery(adminCategoriesQueryOptions(screen));

/** GET /sale/allsales. */
export const getAdminSales = (signal?: AbortSignal): Promise<Sale[]> =>
  getList<Sale>('/sale/allsales', 'sales', signal);

export const adminSalesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.sales.all, 'admin'] as const,
    queryFn: ({ signal }) => getAdminSales(signal),
    meta: { errorToast: 'Cannot get sales. Please try again later.', serverMessage: true },
  });

export const useAdminSales = () => useQuery(adminSalesQueryOptions());
