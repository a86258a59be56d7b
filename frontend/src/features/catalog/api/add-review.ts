import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Review } from '@/types/api';

export type AddReviewInput = { productId: string; comment: string; rating: number };

export const addReview = ({ productId, comment, rating }: AddReviewInput) =>
  api.post<Ok<{ message: string; review: Review }>>(`/review/add-review/${encodeURIComponent(productId)}`, {
    comment,
    rating,
  });

export const useAddReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: (_reply, { productId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.reviews(productId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.detail(productId) });
    },
  });
};
