type SpinnerProps = { label?: string };

/** The spec's loading spinner, announced to screen readers. */
export function Spinner({ label = 'Loading...' }: SpinnerProps) {
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
