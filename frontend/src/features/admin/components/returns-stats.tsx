import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPercent } from '@/lib/format';
import type { ReturnsStats } from '../api/get-admin-stats';

const ReturnsByReasonChart = lazy(() => import('./returns-chart').then((m) => ({ default: m.ReturnsByReasonChart })));

// Mirrors RETURNS_CHART_HEIGHT; not imported so the chart module stays out of this chunk.
const CHART_HEIGHT = 220;

/**
 * The overview's returns of the last 90 days (decisions section 16): how many per reason, as a
 * chart (with the same figures in a table for screen readers), and the return rate per size.
 */
export function ReturnsStatsPanels({ returns }: { returns: ReturnsStats }) {
  const { byReason, bySize } = returns;
  const any = byReason.some((r) => r.count > 0);
  return (
    <>
      <figure className="dashboard-panel">
        <figcaption>
          <h2>Returns by reason</h2>
          <span className="muted">Last 90 days</span>
        </figcaption>
        {any ? (
          <>
            <Suspense fallback={<Skeleton height={CHART_HEIGHT} />}>
              <div aria-hidden="true">
                <ReturnsByReasonChart byReason={byReason} />
              </div>
            </Suspense>
            <div className="visually-hidden">
              <table>
                <caption>Returns by reason, last 90 days</caption>
                <thead>
                  <tr>
                    <th scope="col">Reason</th>
                    <th scope="col">Returns</th>
                  </tr>
                </thead>
                <tbody>
                  {byReason.map((r) => (
                    <tr key={r.reason}>
                      <th scope="row">{r.reason}</th>
                      <td>{r.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : (
          <p className="muted">No returns in the last 90 days.</p>
        )}
      </figure>
      <section className="dashboard-panel" aria-labelledby="return-rate-title">
        <h2 id="return-rate-title">Return rate by size</h2>
        <span className="muted">Pairs returned of pairs sold, last 90 days</span>
        {bySize.length > 0 ? (
          <table className="return-stats-table">
            <thead>
              <tr>
                <th scope="col">Size</th>
                <th scope="col">Returned</th>
                <th scope="col">Sold</th>
                <th scope="col">Rate</th>
              </tr>
            </thead>
            <tbody>
              {bySize.map((s) => (
                <tr key={s.size}>
                  <th scope="row">{s.size}</th>
                  <td>{s.returned}</td>
                  <td>{s.sold}</td>
                  <td>{formatPercent(s.rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="muted">No sizes sold yet.</p>
        )}
      </section>
    </>
  );
}
