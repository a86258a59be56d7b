import { productFixture } from '@/testing/data';
import { nextPageParam, productsOfPages, type ProductPage } from '../api/get-product-pages';
import { sliderCeiling } from '../hooks/use-listing';
import { pickRandom, wrapIndex } from './listing';

const page = (ids: string[], total: number, priceCeiling?: number | null): ProductPage => ({
  success: true,
  count: ids.length,
  total,
  priceCeiling,
  products: ids.map((id) => productFixture({ _id: id })),
});

describe('paging', () => {
  it('asks for the next page while fewer products than the total are loaded', () => {
    const first = page(['a', 'b'], 5);
    expect(nextPageParam(first, [first], 1)).toBe(2);
    const second = page(['c', 'd'], 5);
    expect(nextPageParam(second, [first, second], 2)).toBe(3);
    const third = page(['e'], 5);
    expect(nextPageParam(third, [first, second, third], 3)).toBeUndefined();
  });

  it('stops at an empty page even if the total promised more (products deleted meanwhile)', () => {
    const first = page(['a', 'b'], 6);
    const empty = page([], 6);
    expect(nextPageParam(empty, [first, empty], 2)).toBeUndefined();
  });

  it('lists every loaded product once, in page order, when one moved onto the next page', () => {
    const list = productsOfPages([page(['a', 'b'], 4), page(['b', 'c'], 4)]);
    expect(list.map((p) => p._id)).toEqual(['a', 'b', 'c']);
  });
});

describe('slider maximum', () => {
  it("is the server's priceCeiling rounded up, or 100000 before load", () => {
    expect(sliderCeiling(undefined)).toBe(100000);
    expect(sliderCeiling(page(['a'], 1, 3999.5))).toBe(4000);
    expect(sliderCeiling(page(['a'], 1, null))).toBe(100000);
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
