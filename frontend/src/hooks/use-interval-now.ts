import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` until it reaches `until`, then frozen
 * (that is how the sale countdown stops at zero).
 */
export function useIntervalNow(intervalMs: number, until = Number.POSITIVE_INFINITY): number {
  const [now, setNow] = useState(() => Date.now());
  const running = now < until;
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs, running]);
  return now;
}
