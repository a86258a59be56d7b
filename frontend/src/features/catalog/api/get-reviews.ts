import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Review } from '@/types/api';

export const getReviews = async (productId: string, signal?: AbortSignal): Promise<Review[]> => {
  const reply = await api.get<Ok<{ reviews: Review[] }>>(`/product/reviews/${encodeURIComponent(productId)}`, {
    signal,
  });
  return Array.isArray(reply.reviews) ? reply.reviews : [];
};

export const reviewsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: queryKeys.products.reviews(productId),
    queryFn: ({ signal }) => getReviews(productId, signal),
    meta: { logOnly: 'Failed to load reviews' },
  });

export const useReviews = (productId: string) => useQuery(reviewsQueryOptions(productId));
