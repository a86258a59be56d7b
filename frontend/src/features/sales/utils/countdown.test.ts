import type { Sale } from '@/types/api';
import { countdownTo, findActiveSale } from './countdown';

const now = Date.parse('2024-06-10T12:00:00Z');
const sale = (name: string, start: string, end: string): Sale => ({ _id: name, name, start, end, discount: 10 });

describe('active sale', () => {
  const past = sale('Past', '2024-06-01T00:00:00Z', '2024-06-05T00:00:00Z');
  const future = sale('Future', '2024-07-01T00:00:00Z', '2024-07-05T00:00:00Z');
  const running = sale('Monsoon', '2024-06-09T00:00:00Z', '2024-06-12T00:00:00Z');
  const alsoRunning = sale('Summer', '2024-06-01T00:00:00Z', '2024-06-30T00:00:00Z');

  it('is the first sale running now', () => {
    expect(findActiveSale([past, future, running, alsoRunning], now)?.name).toBe('Monsoon');
    expect(findActiveSale([alsoRunning, running], now)?.name).toBe('Summer');
  });

  it('includes both ends', () => {
    expect(findActiveSale([sale('Edge', '2024-06-10T12:00:00Z', '2024-06-10T12:00:00Z')], now)?.name).toBe('Edge');
  });

  it('is none when nothing runs', () => {
    expect(findActiveSale([past, future], now)).toBeUndefined();
    expect(findActiveSale(undefined, now)).toBeUndefined();
    expect(findActiveSale([sale('Bad', 'nope', 'nope')], now)).toBeUndefined();
  });
});

describe('countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    // 1 day, 2 hours, 3 minutes, 4.9 seconds
    const end = now + ((((1 * 24 + 2) * 60 + 3) * 60 + 4) * 1000 + 900);
    expect(countdownTo(end, now)).toEqual({ days: 1, hours: 2, minutes: 3, seconds: 4, done: false });
    expect(countdownTo('2024-06-12T00:00:00Z', now)).toEqual({
      days: 1,
      hours: 12,
      minutes: 0,
      seconds: 0,
      done: false,
    });
  });

  it('ticks down by one second', () => {
    const end = now + 61_000;
    expect(countdownTo(end, now)).toMatchObject({ minutes: 1, seconds: 1 });
    expect(countdownTo(end, now + 1000)).toMatchObject({ minutes: 1, seconds: 0 });
    expect(countdownTo(end, now + 2000)).toMatchObject({ minutes: 0, seconds: 59 });
  });

  it('stops at zero', () => {
    expect(countdownTo(now - 5000, now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
    expect(countdownTo(now + 999, now).done).toBe(true);
  });
});
