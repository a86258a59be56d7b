import { excerpt, formatCount, formatLongDate, formatRupees, formatRupeesCompact } from './format';

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
