import { queryOptions, useQuery } from '@tanstack/react-query';
import { getList } from '@/lib/get-list';
import { queryKeys } from '@/lib/query-keys';
import type { Review } from '@/types/api';

export const getReviews = (productId: string, signal?: AbortSignal): Promise<Review[]> =>
  getList<Review>(`/product/reviews/${encodeURIComponent(productId)}`, 'reviews', signal);

export const reviewsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: queryKeys.products.reviews(productId),
    queryFn: ({ signal }) => getReviews(productId, signal),
    meta: { logOnly: 'Failed to load reviews' },
  });

export const useReviews = (productId: string) => useQuery(reviewsQueryOptions(productId));
