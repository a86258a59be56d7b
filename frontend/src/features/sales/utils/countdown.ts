import type { Sale } from '@/types/api';

/** The active sale: the first whose start is at or before now and whose end is at or after now. */
export function findActiveSale(sales: Sale[] | undefined, now: number): Sale | undefined {
  return sales?.find((s) => {
    const start = Date.parse(s.start);
    const end = Date.parse(s.end);
    return !Number.isNaN(start) && !Number.isNaN(end) && start <= now && end >= now;
  });
}

export type Countdown = { days: number; hours: number; minutes: number; seconds: number; done: boolean };

/** Time left until `end`, split into days, hours, minutes and seconds; stops at zero. */
export function countdownTo(end: string | number, now: number): Countdown {
  const target = typeof end === 'number' ? end : Date.parse(end);
  const left = Number.isNaN(target) ? 0 : Math.max(0, target - now);
  const totalSeconds = Math.floor(left / 1000);
  return {
    days: Math.floor(totalSeconds / 86400),
    hours: Math.floor((totalSeconds % 86400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    done: totalSeconds === 0,
  };
}
