import {
  formatCouponUses,
  formatCouponValue,
  formatDayLabel,
  formatStock,
  formatDiscountList,
  formatIst,
  formatPriceList,
  istInputToIso,
  isoToIstInput,
  joinList,
  orderUserName,
  parseList,
  parseNumberList,
} from './admin-format';

describe('admin form parsing', () => {
  it('splits comma lists, trimming and dropping empties', () => {
    expect(parseList(' UK 7, UK 8 ,, UK 9 ')).toEqual(['UK 7', 'UK 8', 'UK 9']);
    expect(parseList('')).toEqual([]);
    expect(joinList(['a', 'b'])).toBe('a, b');
    expect(joinList(undefined)).toBe('');
  });

  it('reads prices and discounts as numbers, paise kept', () => {
    expect(parseNumberList('1299, 1499.50, abc, 0')).toEqual([1299, 1499.5, 0]);
    expect(joinList([1299, 1499.5])).toBe('1299, 1499.5');
  });

  it('reads and shows sale times in India time', () => {
    expect(istInputToIso('2025-11-22T10:30')).toBe('2025-11-22T05:00:00.000Z');
    expect(istInputToIso('2025-11-22T02:00')).toBe('2025-11-21T20:30:00.000Z');
    expect(istInputToIso('nope')).toBe('');
    expect(isoToIstInput('2025-11-22T05:00:00.000Z')).toBe('2025-11-22T10:30');
    expect(isoToIstInput(istInputToIso('2026-01-01T23:45'))).toBe('2026-01-01T23:45');
    expect(formatIst('2025-11-22T05:00:00.000Z')).toMatch(/22 Nov 2025.*10:30.*IST$/i);
    expect(formatIst('bad')).toBe('');
  });
});

describe('admin table formatting', () => {
  it('shows one price and discount per variant', () => {
    expect(formatPriceList([1299, 1499.5])).toBe('₹1,299, ₹1,499.50');
    expect(formatDiscountList([10, 0])).toBe('10%, 0%');
    expect(formatPriceList(undefined)).toBe('');
  });

  it('labels India days without shifting them across a zone', () => {
    expect(formatDayLabel('2026-11-22')).toBe('22 Nov');
    expect(formatDayLabel('2026-01-01')).toBe('1 Jan');
    expect(formatDayLabel('yesterday')).toBe('yesterday');
  });

  it('names the buyer', () => {
    expect(orderUserName({ _id: 'u1', name: 'Asha' })).toBe('Asha');
    expect(orderUserName('u1')).toBe('u1');
    expect(orderUserName(null)).toBe('');
  });
});

describe('stock and coupons in the admin tables', () => {
  it('shows stock per size by type, else model, else position; the pool otherwise', () => {
    const sizes = { type: ['UK 7', 'UK 8'], model: [], color: ['', ''] };
    expect(formatStock({ ...sizes, stock: [3, 0], quantity: 3 })).toBe('UK 7: 3 · UK 8: 0');
    expect(formatStock({ stock: [1, 2], quantity: 3, type: [], model: ['Slim'], color: [] })).toBe(
      'Slim: 1 · Option 2: 2',
    );
    expect(formatStock({ stock: null, quantity: 14, type: ['UK 7'], model: [], color: [''] })).toBe('14');
  });

  it('names the colour with each size of a product in more than one colour; one colour names none', () => {
    const product = {
      type: ['UK 7', 'UK 8', 'UK 7', 'UK 8'],
      model: [],
      color: ['Charcoal', 'Charcoal', 'Rust', 'Rust'],
      stock: [3, 0, 2, 5],
      quantity: 10,
    };
    expect(formatStock(product)).toBe('Charcoal, UK 7: 3 · Charcoal, UK 8: 0 · Rust, UK 7: 2 · Rust, UK 8: 5');
    // All of one colour: the sizes alone say it, as before colours.
    expect(formatStock({ ...product, color: ['Tan', 'Tan', 'Tan', 'Tan'] })).toBe(
      'UK 7: 3 · UK 8: 0 · UK 7: 2 · UK 8: 5',
    );
    // A pooled product in two colours keeps its pool.
    expect(formatStock({ ...product, stock: null })).toBe('10');
  });

  it('reads a coupon as its discount and its uses over the limit', () => {
    expect(formatCouponValue({ kind: 'percent', value: 10 })).toBe('10%');
    expect(formatCouponValue({ kind: 'amount', value: 1200 })).toBe('₹1,200 off');
    expect(formatCouponUses({ used: 3, maxUses: 10 })).toBe('3 / 10');
    expect(formatCouponUses({ used: 3, maxUses: null })).toBe('3 / no limit');
  });
});
