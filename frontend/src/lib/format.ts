/**
 * A formatter made on first use. Making the first one loads ICU's data for its locale (and zone):
 * over 10 ms on a slow phone, which at start would lengthen the task that runs the app's code
 * (decisions D32, Lighthouse's blocking time), and most pages need none or one of them.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const wholeRupees = once(
  () =>
    new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
);

const rupeesWithPaise = once(
  () =>
    new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

/** A whole number's digits in Indian grouping: the last three, then twos (`1,00,000`). */
function indianGroups(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** Past this many paise a double no longer holds every paisa: Intl writes those. */
const EXACT_PAISE = 1e15;

/**
 * `₹1,299`, `₹1,00,000`, `₹1,169.10`: Indian grouping, paise only when there are some.
 *
 * Written here rather than by `Intl` (the same text as en-IN's currency format, compared over
 * three million amounts): every drawn page shows prices as soon as the app starts, and the first
 * `Intl` format loads ICU's data, a task of its own of 13-25 ms on a busy machine (decisions D32).
 */
export function formatRupees(rupees: number): string {
  const paise = Number.isFinite(rupees) ? Math.round(rupees * 100) : 0;
  const size = Math.abs(paise);
  if (size >= EXACT_PAISE) {
    return paise % 100 === 0 ? wholeRupees().format(paise / 100) : rupeesWithPaise().format(paise / 100);
  }
  // -0 too, as Intl writes it (`-₹0`).
  const sign = paise < 0 || Object.is(paise, -0) ? '-' : '';
  const rest = size % 100;
  const whole = indianGroups(String((size - rest) / 100));
  return `${sign}₹${whole}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** Same, from integer paise. */
export function formatPaise(paise: number): string {
  return formatRupees(paise / 100);
}

/** `November 22, 2025` (long month, day, year). */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** `22 Nov 2025, 3:04 pm`: a review's updated date and time. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}

/** The first `length` characters followed by '...', as the spec's cards show. */
export function excerpt(text: string | undefined, length: number): string {
  return `${(text ?? '').substring(0, length)}...`;
}

/** `1 order`, `3 orders`. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

const compactRupees = once(
  () =>
    new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    }),
);

/** `₹950`, `₹12K`, `₹1.2L`: chart axes, where a full figure would crowd the ticks. */
export function formatRupeesCompact(rupees: number): string {
  return compactRupees().format(Number.isFinite(rupees) ? rupees : 0);
}

/** `YYYY-MM-DD` -> its UTC midnight, or `null`: a calendar day, never shifted by a zone. */
function dayOf(ymd: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

const shortDay = once(
  () =>
    new Intl.DateTimeFormat('en-IN', {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    }),
);

/** A calendar day `2026-12-03` -> `Thu, 3 Dec` (en-IN, no year): `Delivery by Thu, 3 Dec`. '' when invalid. */
export function formatShortDay(ymd: string): string {
  const date = dayOf(ymd);
  return date ? shortDay().format(date) : '';
}

const longDay = once(
  () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }),
);

/** A calendar day `2026-12-03` -> `December 3, 2026`, as `formatLongDate` writes an instant. '' when invalid. */
export function formatLongDay(ymd: string): string {
  const date = dayOf(ymd);
  return date ? longDay().format(date) : '';
}

const INDIA = 'Asia/Kolkata';
const stepTime = once(
  () =>
    new Intl.DateTimeFormat('en-IN', {
      timeZone: INDIA,
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const stepTimeWithYear = once(
  () =>
    new Intl.DateTimeFormat('en-IN', {
      timeZone: INDIA,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const indiaYear = once(() => new Intl.DateTimeFormat('en-IN', { timeZone: INDIA, year: 'numeric' }));

/**
 * When an order took a step, in India time: `5 Mar, 5:30 pm`, with the year when it is not this
 * year's (`5 Mar 2024, 5:30 pm`). '' when invalid.
 */
export function formatStepTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = indiaYear().format(date) === indiaYear().format(now);
  return (sameYear ? stepTime() : stepTimeWithYear()).format(date);
}

const percent = once(() => new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 1 }));

/** A share 0..1 -> `4.2%`, `0%`, `100%`. */
export function formatPercent(fraction: number): string {
  return percent().format(Number.isFinite(fraction) ? fraction : 0);
}
