import { Skeleton } from '@/components/ui/skeleton';
import { Stars } from '@/components/ui/stars';
import { formatDateTime } from '@/lib/format';
import type { Review } from '@/types/api';
import { averageRating } from '../utils/rating';
import './reviews-list.css';

export function RatingSummary({ reviews }: { reviews: Review[] | undefined }) {
  const average = averageRating(reviews);
  const count = reviews?.length ?? 0;
  return (
    <div className="rating-summary">
      <span className="rating-average">{average.toFixed(1)}</span>
      <div>
        <Stars value={average} size="md" />
        <p className="muted" style={{ margin: 0 }}>
          Given by {count} customers
        </p>
      </div>
    </div>
  );
}

export function ReviewsList({ reviews, loading }: { reviews: Review[] | undefined; loading: boolean }) {
  if (loading) {
    return (
      <div className="stack" aria-hidden="true">
        <Skeleton height={72} />
        <Skeleton height={72} />
      </div>
    );
  }
  if (!reviews || reviews.length === 0) {
    return <p className="notice">No reviews yet. Be the first to review this product.</p>;
  }
  return (
    <ul className="review-list">
      {reviews.map((r) => (
        <li key={r._id} className="review card">
          <div className="review-head">
            <p className="review-author">{r.user?.name ?? 'Customer'}</p>
            <Stars value={r.rating} />
          </div>
          <p className="review-comment">{r.comment}</p>
          <time className="review-date" dateTime={r.updatedAt}>
            {formatDateTime(r.updatedAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}
