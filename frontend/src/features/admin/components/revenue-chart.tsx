import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';
import { formatDayLabel } from '../utils/admin-format';
import { formatCount, formatRupees, formatRupeesCompact } from '@/lib/format';
import type { AdminStats } from '@/types/api';

type Day = AdminStats['revenueByDay'][number];

export const REVENUE_CHART_HEIGHT = 260;

function DayTooltip({ active, payload }: TooltipContentProps<ValueType, NameType>) {
  const day = payload?.[0]?.payload as Day | undefined;
  if (!active || !day) return null;
  return (
    <div className="revenue-tooltip">
      <strong>{formatDayLabel(day.date)}</strong>
      <span>{formatRupees(day.revenue)}</span>
      <span>{formatCount(day.orders, 'order')}</span>
    </div>
  );
}

/**
 * Revenue per India day as bars. Loaded on its own (React.lazy) so recharts never weighs on
 * the storefront or the other admin screens.
 */
export function RevenueChart({ days }: { days: readonly Day[] }) {
  return (
    <ResponsiveContainer
      width="100%"
      height={REVENUE_CHART_HEIGHT}
      initialDimension={{ width: 800, height: REVENUE_CHART_HEIGHT }}
    >
      <BarChart data={[...days]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis
          dataKey="date"
          tickFormatter={formatDayLabel}
          tickLine={false}
          axisLine={{ stroke: 'var(--color-border)' }}
          interval="preserveStartEnd"
          minTickGap={24}
          tick={{ fill: 'var(--color-text-muted)', fontSize: 12 }}
        />
        <YAxis
          tickFormatter={formatRupeesCompact}
          allowDecimals={false}
          tickLine={false}
          axisLine={false}
          width={56}
          tick={{ fill: 'var(--color-text-muted)', fontSize: 12 }}
        />
        <Tooltip content={DayTooltip} cursor={{ fill: 'var(--color-surface-muted)' }} />
        <Bar dataKey="revenue" name="Revenue" fill="var(--color-brand)" radius={[4, 4, 0, 0]} maxBarSize={28} />
      </BarChart>
    </ResponsiveContainer>
  );
}
