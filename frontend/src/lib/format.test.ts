import {
  excerpt,
  formatCount,
  formatLongDate,
  formatLongDay,
  formatPercent,
  formatRupees,
  formatRupeesCompact,
  formatShortDay,
} from './format';

describe('formatRupees', () => {
  it('uses the rupee sign and Indian digit grouping', () => {
    expect(formatRupees(1299)).toBe('₹1,299');
    expect(formatRupees(100000)).toBe('₹1,00,000');
    expect(formatRupees(0)).toBe('₹0');
  });

  it('shows paise only when there are some', () => {
    expect(formatRupees(1169.1)).toBe('₹1,169.10');
    expect(formatRupees(2037.45)).toBe('₹2,037.45');
  });

  it("writes what en-IN's Intl currency format writes, crores, negatives and rounding included", () => {
    const intl = (rupees: number, digits: number) =>
      new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: 'INR',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(rupees);
    expect(formatRupees(-1299)).toBe('-₹1,299');
    expect(formatRupees(12_34_56_789.5)).toBe('₹12,34,56,789.50');
    expect(formatRupees(Number.NaN)).toBe('₹0');
    expect(formatRupees(-0.001)).toBe(intl(-0, 0));
    const amounts = [0.005, 1.005, 999.999, 1e12 + 0.25, 9e13 + 0.01];
    for (let i = 0; i < 5000; i += 1) amounts.push(((i * 7919) % 100003) / 100, -(i * 104729) / 1000);
    for (const rupees of amounts) {
      const paise = Math.round(rupees * 100);
      expect(formatRupees(rupees)).toBe(paise % 100 === 0 ? intl(paise / 100, 0) : intl(paise / 100, 2));
    }
  });
});

describe('excerpt', () => {
  it('cuts to the first N characters and appends ...', () => {
    expect(excerpt('a'.repeat(150), 100)).toBe(`${'a'.repeat(100)}...`);
    expect(excerpt('short', 100)).toBe('short...');
    expect(excerpt(undefined, 100)).toBe('...');
  });
});

describe('formatLongDate', () => {
  it('reads long month, day, year', () => {
    expect(formatLongDate('2024-03-05T12:00:00Z')).toBe('March 5, 2024');
    expect(formatLongDate('not a date')).toBe('');
  });
});

describe('formatCount', () => {
  it('says one thing or many', () => {
    expect(formatCount(1, 'order')).toBe('1 order');
    expect(formatCount(0, 'order')).toBe('0 orders');
    expect(formatCount(3, 'pair')).toBe('3 pairs');
  });
});

describe('formatRupeesCompact', () => {
  it('shortens axis figures the Indian way', () => {
    expect(formatRupeesCompact(0)).toBe('₹0');
    expect(formatRupeesCompact(950)).toBe('₹950');
    expect(formatRupeesCompact(12_000)).toBe('₹12K');
    expect(formatRupeesCompact(1_20_000)).toBe('₹1.2L');
    expect(formatRupeesCompact(Number.NaN)).toBe('₹0');
  });
});

describe('calendar days', () => {
  it('writes a `YYYY-MM-DD` day short (en-IN, no year) or long, never shifted by a zone', () => {
    expect(formatShortDay('2026-12-03')).toBe('Thu, 3 Dec');
    expect(formatShortDay('2026-01-01')).toBe('Thu, 1 Jan');
    expect(formatLongDay('2026-12-03')).toBe('December 3, 2026');
    expect(formatShortDay('2026-12-03T00:00:00Z')).toBe('');
    expect(formatLongDay('')).toBe('');
  });
});

describe('formatPercent', () => {
  it('writes a share as a percentage with at most one decimal', () => {
    expect(formatPercent(0.042)).toBe('4.2%');
    expect(formatPercent(0.12345)).toBe('12.3%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(Number.NaN)).toBe('0%');
  });
});
