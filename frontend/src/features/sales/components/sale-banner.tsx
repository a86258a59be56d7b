import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { SALE_TICK_MS } from '@/config/constants';
import { useIntervalNow } from '@/hooks/use-interval-now';
import { useSales } from '../api/get-sales';
import { countdownTo, findActiveSale } from '../utils/countdown';
import { expectSaleStrip, rememberSaleStrip } from '../utils/strip-memory';
import type { Sale } from '@/types/api';
import './sale-banner.css';

/**
 * '{sale name} Sale Ends in' with a live countdown, when a sale runs now. Until the list arrives
 * the strip's space is held (an empty strip of the same height) when the last page had a strip,
 * so the page below does not move when the countdown appears.
 */
const noSubscription = () => () => {};
const holdOnServer = () => true;

export function SaleBanner() {
  const { data: sales, dataUpdatedAt, isPending, isSuccess } = useSales();
  // The active sale is chosen when the list arrives; its countdown then runs down to zero.
  const sale = useMemo(() => findActiveSale(sales, dataUpdatedAt), [sales, dataUpdatedAt]);
  // The server cannot read the visitor's memory: it holds the space, and so does a hydrating
  // first render (React reads the server's snapshot then), before the browser's own answer.
  const holdSpace = useSyncExternalStore(noSubscription, expectSaleStrip, holdOnServer);
  useEffect(() => {
    if (isSuccess) rememberSaleStrip(sale !== undefined);
  }, [isSuccess, sale]);
  if (isPending) {
    if (!holdSpace) return null;
    return (
      <div className="sale-banner sale-banner-reserved" aria-hidden="true">
        <div className="container sale-banner-inner" />
      </div>
    );
  }
  if (!sale) return null;
  return <SaleCountdown key={sale._id} sale={sale} />;
}

function SaleCountdown({ sale }: { sale: Sale }) {
  const end = Date.parse(sale.end);
  const now = useIntervalNow(SALE_TICK_MS, end);
  const left = countdownTo(end, now);
  const parts = [
    { value: left.days, unit: 'd' },
    { value: left.hours, unit: 'h' },
    { value: left.minutes, unit: 'm' },
    { value: left.seconds, unit: 's' },
  ];
  return (
    <aside className="sale-banner" aria-label="Sale">
      <div className="container sale-banner-inner">
        <span className="sale-banner-title">{sale.name} Sale Ends in</span>
        <span className="sale-countdown" role="timer" aria-live="off">
          {parts.map((p, i) => (
            <span key={p.unit} className="sale-countdown-part">
              {i > 0 && ' '}
              <span className="sale-countdown-value">{String(p.value).padStart(2, '0')}</span>
              <span className="sale-countdown-unit">{p.unit}</span>
            </span>
          ))}
        </span>
      </div>
    </aside>
  );
}
