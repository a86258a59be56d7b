import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { DEFAULT_REVIEW_RATING } from '@/config/constants';
import { formatCount } from '@/lib/format';
import './add-review-form.css';
import { AppButton } from '@/components/ui/app-button';
import { useAppReady } from '@/hooks/use-app-ready';

type AddReviewFormProps = {
  /** Resolves true when the review was saved (the form then clears). */
  onSubmit: (review: { comment: string; rating: number }) => Promise<boolean>;
  submitting: boolean;
};

/** 'Add a Review': a comment and a 1-5 star choice (default 5). */
export function AddReviewForm({ onSubmit, submitting }: AddReviewFormProps) {
  const [comment, setComment] = useState('');
  const [rating, setRating] = useState(DEFAULT_REVIEW_RATING);
  const titleId = useId();
  const ratingName = useId();
  // A review needs the app: on a page the server drew the form waits for it (decisions D32).
  const ready = useAppReady();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await onSubmit({ comment, rating })) {
      setComment('');
      setRating(DEFAULT_REVIEW_RATING);
    }
  };

  return (
    <form className="card card-pad stack" onSubmit={submit} aria-labelledby={titleId}>
      <h3 id={titleId} style={{ margin: 0 }}>
        Add a Review
      </h3>
      <Field label="Your review">
        {(field) => (
          <textarea
            {...field}
            className="textarea"
            disabled={!ready}
            value={comment}
            maxLength={2000}
            onChange={(e) => setComment(e.target.value)}
            placeholder="How did they fit? How do they feel after a day out?"
          />
        )}
      </Field>
      <fieldset className="star-picker" disabled={!ready}>
        <legend className="field-label">Rating</legend>
        <div className="star-options">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="star-option">
              <input
                type="radio"
                name={ratingName}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                aria-label={formatCount(n, 'star')}
              />
              <span aria-hidden="true">{n}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <AppButton type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit'}
        </AppButton>
      </div>
    </form>
  );
}
