import { productFixture } from '@/testing/data';
import { applyListing, filterProducts, highestFirstPrice, pickRandom, sortProducts, wrapIndex } from './listing';

const sneakers = { _id: 'c-sn', name: 'Sneakers' };
const sandals = { _id: 'c-sa', name: 'Sandals' };

const a = productFixture({
  _id: 'a',
  price: [1500],
  discount: [10],
  category: sneakers,
  updatedAt: '2024-03-01T00:00:00Z',
});
const b = productFixture({
  _id: 'b',
  price: [800, 5000],
  discount: [40],
  category: sandals,
  updatedAt: '2024-05-01T00:00:00Z',
});
const c = productFixture({
  _id: 'c',
  price: [2500],
  discount: [0],
  category: sneakers,
  updatedAt: '2024-01-01T00:00:00Z',
});
const d = productFixture({
  _id: 'd',
  price: [999.5],
  discount: [25],
  category: null,
  updatedAt: '2024-04-01T00:00:00Z',
});
const all = [a, b, c, d];
const ids = (list: { _id: string }[]) => list.map((p) => p._id);

describe('filtering', () => {
  it('keeps everything with no category selected and the slider at the top', () => {
    expect(ids(filterProducts(all, { categories: [], maxPrice: highestFirstPrice(all) }))).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('keeps only the selected categories', () => {
    expect(ids(filterProducts(all, { categories: ['c-sn'], maxPrice: 100000 }))).toEqual(['a', 'c']);
    expect(ids(filterProducts(all, { categories: ['c-sn', 'c-sa'], maxPrice: 100000 }))).toEqual(['a', 'b', 'c']);
  });

  it('keeps prices at or below the max, judged on the first variant', () => {
    expect(ids(filterProducts(all, { categories: [], maxPrice: 1500 }))).toEqual(['a', 'b', 'd']);
    expect(ids(filterProducts(all, { categories: [], maxPrice: 999 }))).toEqual(['b']);
  });
});

describe('slider maximum', () => {
  it('is the highest first price, or 100000 before products load', () => {
    expect(highestFirstPrice(all)).toBe(2500);
    expect(highestFirstPrice([d])).toBe(1000);
    expect(highestFirstPrice(undefined)).toBe(100000);
    expect(highestFirstPrice([])).toBe(100000);
  });
});

describe('sorting', () => {
  it('orders newest first by updatedAt by default, and oldest first on request', () => {
    expect(ids(sortProducts(all, 'newest'))).toEqual(['b', 'd', 'a', 'c']);
    expect(ids(sortProducts(all, 'oldest'))).toEqual(['c', 'a', 'd', 'b']);
  });

  it('orders by highest discount and by first price both ways', () => {
    expect(ids(sortProducts(all, 'discount'))).toEqual(['b', 'd', 'a', 'c']);
    expect(ids(sortProducts(all, 'price-low'))).toEqual(['b', 'd', 'a', 'c']);
    expect(ids(sortProducts(all, 'price-high'))).toEqual(['c', 'a', 'd', 'b']);
  });

  it('does not reorder the input', () => {
    sortProducts(all, 'price-high');
    expect(ids(all)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('filters then sorts', () => {
    expect(ids(applyListing(all, { categories: ['c-sn'], maxPrice: 3000, sort: 'price-high' }))).toEqual(['c', 'a']);
  });
});

describe('banner helpers', () => {
  it('picks distinct items, at most the count', () => {
    const picked = pickRandom([1, 2, 3, 4, 5, 6, 7], 5, () => 0.3);
    expect(picked).toHaveLength(5);
    expect(new Set(picked).size).toBe(5);
    expect(pickRandom([1, 2], 5)).toHaveLength(2);
  });

  it('wraps previous and next around', () => {
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(2, 5)).toBe(2);
    expect(wrapIndex(3, 0)).toBe(0);
  });
});
