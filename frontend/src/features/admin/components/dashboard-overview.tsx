import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAdminStats } from '../api/get-admin-stats';
import { formatDayLabel } from '../utils/admin-format';
import { formatCount, formatPercent, formatRupees } from '@/lib/format';
import type { AdminStats, RtoStats } from '@/types/api';
import { lineTitle } from '@/utils/variants';
import { ReturnsStatsPanels } from './returns-stats';
import { SearchMisses } from './search-misses';

const RevenueChart = lazy(() => import('./revenue-chart').then((m) => ({ default: m.RevenueChart })));

// Mirrors REVENUE_CHART_HEIGHT; not imported so the chart module stays out of this chunk.
const CHART_HEIGHT = 260;

function StatCard({
  label,
  value,
  detail,
  tone,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  tone?: 'warning';
}) {
  return (
    <div className={`stat-card${tone ? ` stat-card-${tone}` : ''}`}>
      <dt>{label}</dt>
      <dd className="stat-card-value">{value}</dd>
      {detail ? <dd className="stat-card-detail">{detail}</dd> : null}
    </div>
  );
}

function RevenueTable({ days }: { days: AdminStats['revenueByDay'] }) {
  return (
    // A table cannot shrink below its content: the wrapper is what hides it.
    <div className="visually-hidden">
      <table>
        <caption>Revenue per day, last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Orders</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatDayLabel(d.date)}</th>
              <td>{d.orders}</td>
              <td>{formatRupees(d.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LowStock({ products }: { products: AdminStats['lowStock'] }) {
  if (products.length === 0) return <p className="muted">Nothing is low on stock.</p>;
  return (
    <ul className="low-stock-list">
      {products.map((p) => (
        <li key={`${p._id}-${p.size ?? ''}`}>
          {/* The server's `size` is already the variant in words (`Tan, UK 8`, decisions D44). */}
          <Link to={paths.product.getHref(p._id)}>{lineTitle(p.name, '', p.size)}</Link>
          <span className={`stock-badge${p.quantity === 0 ? ' is-out' : ''}`}>
            {p.quantity === 0 ? 'Sold out' : `${formatCount(p.quantity, 'pair')} left`}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The pincode areas (first 3 digits) whose parcels come back most (the server sends the worst 5
 * with at least 5 shipments), each with a bar against the worst one.
 */
function RtoAreas({ areas }: { areas: RtoStats['areas'] }) {
  if (areas.length === 0) return <p className="muted">No area has enough shipments yet.</p>;
  const worst = Math.max(...areas.map((a) => a.rate));
  return (
    <ul className="rto-areas">
      {areas.map((area) => (
        <li key={area.prefix} className="rto-area">
          <span className="rto-area-prefix">{area.prefix}xxx</span>
          <span className="rto-bar" aria-hidden="true">
            <span style={{ width: `${worst > 0 ? Math.round((Math.max(0, area.rate) / worst) * 100) : 0}%` }} />
          </span>
          <span className="rto-area-rate">{formatPercent(area.rate)}</span>
          <span className="rto-area-shipments muted">{formatCount(area.shipments, 'shipment')}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The pincode areas where `COD_RTO_LIMIT` turned cash on delivery off (decisions D38), as the
 * server counts them: each area's ended cash-on-delivery shipments and the share that came back.
 */
function CodOffAreas({ areas }: { areas: AdminStats['codOff'] }) {
  return (
    <table className="return-stats-table">
      <caption className="visually-hidden">Pincode areas with cash on delivery off</caption>
      <thead>
        <tr>
          <th scope="col">Area</th>
          <th scope="col">COD shipments</th>
          <th scope="col">Returned</th>
        </tr>
      </thead>
      <tbody>
        {areas.map((area) => (
          <tr key={area.prefix}>
            <th scope="row">{area.prefix}xxx</th>
            <td>{area.shipments}</td>
            <td>{formatPercent(area.rate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The products whose returns of the last 180 days say they run small or large, as the server
 * flags them (decisions D38), each with its fit returns.
 */
function FitFlags({ products }: { products: AdminStats['fit'] }) {
  return (
    <ul className="low-stock-list fit-flags">
      {products.map((p) => (
        <li key={p._id}>
          <Link to={paths.product.getHref(p._id)}>{p.name}</Link>
          <span className="stock-badge">{p.fit === 'small' ? 'Runs small' : 'Runs large'}</span>
          <span className="muted">
            {p.tooSmall} too small · {p.tooBig} too big
          </span>
        </li>
      ))}
    </ul>
  );
}

function OverviewSkeleton() {
  return (
    <div className="dashboard" aria-busy="true" aria-label="Loading the overview">
      <div className="stat-cards">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={104} />
        ))}
      </div>
      <Skeleton height={CHART_HEIGHT + 56} />
    </div>
  );
}

/**
 * What an owner opens first: today, the last 30 days, cash on delivery still to collect, what
 * waits on them, what runs out, what shoppers searched for and did not find.
 */
export function DashboardOverview() {
  const stats = useAdminStats();

  if (stats.isPending) return <OverviewSkeleton />;
  if (stats.isError) {
    return (
      <div className="notice" role="alert">
        The overview could not be loaded.{' '}
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void stats.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const { today, last30Days, revenueByDay, pendingOrders, lowStock, toCollect, rto, codOff, returns, fit } = stats.data;
  return (
    <div className="dashboard">
      <dl className="stat-cards">
        <StatCard
          label="Revenue today"
          value={formatRupees(today.revenue)}
          detail={formatCount(today.orders, 'order')}
        />
        <StatCard
          label="Revenue, last 30 days"
          value={formatRupees(last30Days.revenue)}
          detail={formatCount(last30Days.orders, 'order')}
        />
        {toCollect ? (
          <StatCard
            label="To collect"
            value={formatRupees(toCollect.amount)}
            detail={formatCount(toCollect.orders, 'order')}
          />
        ) : null}
        <StatCard
          label="Waiting to be confirmed"
          value={pendingOrders}
          tone={pendingOrders > 0 ? 'warning' : undefined}
          detail={<Link to={paths.admin.orders.getHref()}>Go to orders</Link>}
        />
        <StatCard
          label="Low on stock"
          value={lowStock.length}
          tone={lowStock.length > 0 ? 'warning' : undefined}
          detail={<Link to={paths.admin.products.getHref()}>Go to products</Link>}
        />
        {rto ? (
          <StatCard
            label="Returned to origin"
            value={formatPercent(rto.rate)}
            detail={`COD ${formatPercent(rto.cod)} · Online ${formatPercent(rto.online)} · last 90 days`}
          />
        ) : null}
      </dl>
      <div className="dashboard-panels">
        <figure className="dashboard-panel">
          <figcaption>
            <h2>Revenue per day</h2>
            <span className="muted">Last 30 days, India time; cancelled orders not counted</span>
          </figcaption>
          <Suspense fallback={<Skeleton height={CHART_HEIGHT} />}>
            <div aria-hidden="true">
              <RevenueChart days={revenueByDay} />
            </div>
          </Suspense>
          <RevenueTable days={revenueByDay} />
        </figure>
        <div className="dashboard-side">
          <section className="dashboard-panel" aria-labelledby="low-stock-title">
            <h2 id="low-stock-title">Low on stock</h2>
            <LowStock products={lowStock} />
          </section>
          <SearchMisses />
          {/* A server from before returns were counted sends no `rto`. */}
          {rto ? (
            <section className="dashboard-panel" aria-labelledby="rto-areas-title">
              <h2 id="rto-areas-title">Returned to origin by area</h2>
              <span className="muted">Pincode areas, last 90 days</span>
              <RtoAreas areas={rto.areas} />
            </section>
          ) : null}
          {/* Only where the limit turned some area's off (a server from before sends none). */}
          {codOff?.length ? (
            <section className="dashboard-panel" aria-labelledby="cod-off-title">
              <h2 id="cod-off-title">Cash on delivery off</h2>
              <span className="muted">Pincode areas whose COD parcels came back too often, last 90 days</span>
              <CodOffAreas areas={codOff} />
            </section>
          ) : null}
        </div>
      </div>
      {/* A server from before returns sends no `returns`. */}
      {returns ? (
        <div className="dashboard-panels">
          <ReturnsStatsPanels returns={returns} />
          {/* Only when some product's returns lean one way (a server from before sends none). */}
          {fit?.length ? (
            <section className="dashboard-panel" aria-labelledby="fit-flags-title">
              <h2 id="fit-flags-title">Runs small or large</h2>
              <span className="muted">From the fit reasons of the last 180 days' returns</span>
              <FitFlags products={fit} />
            </section>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
