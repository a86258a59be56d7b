const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const rupeesWithPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `₹1,299`, `₹1,00,000`, `₹1,169.10`: Indian grouping, paise only when there are some. */
export function formatRupees(rupees: number): string {
  if (!Number.isFinite(rupees)) return wholeRupees.format(0);
  const paise = Math.round(rupees * 100);
  return paise % 100 === 0 ? wholeRupees.format(paise / 100) : rupeesWithPaise.format(paise / 100);
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

const compactRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** `₹950`, `₹12K`, `₹1.2L`: chart axes, where a full figure would crowd the ticks. */
export function formatRupeesCompact(rupees: number): string {
  return compactRupees.format(Number.isFinite(rupees) ? rupees : 0);
}
