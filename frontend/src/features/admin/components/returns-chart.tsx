import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReturnsStats } from '../api/get-admin-stats';

/** Tall enough for the five reasons' bars and their labels. */
export const RETURNS_CHART_HEIGHT = 220;

/**
 * Returns of the last 90 days per reason, as bars across (the reasons read on the left, on a
 * phone too). Loaded on its own (React.lazy) like the revenue chart.
 */
export function ReturnsByReasonChart({ byReason }: { byReason: ReturnsStats['byReason'] }) {
  return (
    <ResponsiveContainer
      width="100%"
      height={RETURNS_CHART_HEIGHT}
      initialDimension={{ width: 400, height: RETURNS_CHART_HEIGHT }}
    >
      <BarChart data={[...byReason]} layout="vertical" margin={{ top: 4, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid horizontal={false} stroke="var(--color-border)" />
        <XAxis
          type="number"
          allowDecimals={false}
          tickLine={false}
          axisLine={{ stroke: 'var(--color-border)' }}
          tick={{ fill: 'var(--color-text-muted)', fontSize: 12 }}
        />
        <YAxis
          type="category"
          dataKey="reason"
          width={112}
          tickLine={false}
          axisLine={false}
          tick={{ fill: 'var(--color-text)', fontSize: 12 }}
        />
        <Tooltip cursor={{ fill: 'var(--color-surface-muted)' }} />
        <Bar dataKey="count" name="Returns" fill="var(--color-brand)" radius={[0, 4, 4, 0]} maxBarSize={22} />
      </BarChart>
    </ResponsiveContainer>
  );
}
