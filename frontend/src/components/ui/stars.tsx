import './stars.css';

type StarsProps = { value: number; max?: number; size?: 'sm' | 'md' };

/** Filled and empty stars for a rating, with the number for screen readers. */
export function Stars({ value, max = 5, size = 'sm' }: StarsProps) {
  const filled = Math.max(0, Math.min(max, Math.round(value)));
  return (
    <span className={`stars stars-${size}`} role="img" aria-label={`${filled} out of ${max} stars`}>
      <span aria-hidden="true" className="stars-on">
        {'★'.repeat(filled)}
      </span>
      <span aria-hidden="true" className="stars-off">
        {'★'.repeat(max - filled)}
      </span>
    </span>
  );
}
