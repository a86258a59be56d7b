import { useId, useState, type FormEvent } from 'react';
import { AppButton } from '@/components/ui/app-button';
import { useAppReady } from '@/hooks/use-app-ready';
import { errorMessage } from '@/lib/api-client';
import type { ProductDetail, SizeSuggestion } from '@/types/api';
import { findSize } from '../api/find-size';

type Fit = NonNullable<ProductDetail['fit']>;

const FIT_LINES: Record<Fit, string> = {
  small: 'Runs small: most shoppers who returned it found it too small. Consider one size up.',
  large: 'Runs large: most shoppers who returned it found it too big. Consider one size down.',
};

/** The line for a product whose returns say it runs small or large (the server's `fit`). */
export function FitLine({ fit }: { fit: ProductDetail['fit'] | undefined }) {
  if (!fit) return null;
  return <p className="fit-line">{FIT_LINES[fit]}</p>;
}

/** What `Find my size` says of the server's suggestion. */
function suggestionText(reply: SizeSuggestion, footCm: string): string {
  if (!reply.size) return `No size on the chart fits a ${footCm} cm foot`;
  if (reply.fit === 'small') return `Your size: ${reply.size} (one size up: it runs small)`;
  if (reply.fit === 'large') return `Your size: ${reply.size} (one size down: it runs large)`;
  return `Your size: ${reply.size}`;
}

/**
 * `Find my size`: a foot length in cm, and the size the server suggests for it on the
 * product's size chart, moved by its fit (decisions D38); the chart itself beside it.
 */
export function FindMySize({
  productId,
  chart,
}: {
  productId: string;
  chart: NonNullable<ProductDetail['sizeChart']>;
}) {
  const id = useId();
  const ready = useAppReady();
  const [foot, setFoot] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const footCm = foot.trim();
    setBusy(true);
    try {
      setAnswer(suggestionText(await findSize(productId, footCm), footCm));
    } catch (error) {
      setAnswer(errorMessage(error, 'Could not find your size, please try again'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="find-size" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h3">
        Find my size
      </h2>
      <form className="delivery-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-foot`}>Foot length (cm)</label>
        <input
          id={`${id}-foot`}
          className="input"
          type="text"
          inputMode="decimal"
          placeholder="e.g. 25.8"
          disabled={!ready}
          value={foot}
          onChange={(e) => {
            setFoot(e.target.value);
            setAnswer(null);
          }}
        />
        <AppButton type="submit" className="btn btn-secondary" disabled={busy}>
          {busy ? 'Finding...' : 'Find my size'}
        </AppButton>
      </form>
      <p className="find-size-answer" role="status">
        {answer}
      </p>
      <details>
        <summary>Size chart</summary>
        <table className="detail-table size-chart">
          <thead>
            <tr>
              <th scope="col">Size</th>
              <th scope="col">Foot length</th>
            </tr>
          </thead>
          <tbody>
            {chart.map((row) => (
              <tr key={row.size}>
                <th scope="row">{row.size}</th>
                <td>{row.footCm.toFixed(1)} cm</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
