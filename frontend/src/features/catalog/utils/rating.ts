import { DEFAULT_AVERAGE_RATING } from '@/config/constants';
import type { Review } from '@/types/api';

/** The average rating (5.0 before any reviews). */
export function averageRating(reviews: Pick<Review, 'rating'>[] | undefined): number {
  if (!reviews || reviews.length === 0) return DEFAULT_AVERAGE_RATING;
  return reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
}
