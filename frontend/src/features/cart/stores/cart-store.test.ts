import { productFixture } from '@/testing/data';
import { cartAmountRupees, createCartStore, selectItemCount, selectLineCount, toCheckoutLines } from './cart-store';

const memory = () => window.localStorage;
const stored = () => JSON.parse(window.localStorage.getItem('cart') ?? 'null') as unknown;

describe('cart store', () => {
  it('adds a product with quantity 1 and increments the same product and variant', () => {
    const store = createCartStore(memory);
    const shoe = productFixture();
    store.getState().add(shoe, 1);
    store.getState().add(shoe, 1);
    const { lines } = store.getState();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ _id: shoe._id, productno: 1, quantity: 2, name: shoe.name });
  });

  it('keeps different variants of one product as separate lines', () => {
    const store = createCartStore(memory);
    const shoe = productFixture();
    store.getState().add(shoe, 0);
    store.getState().add(shoe, 2);
    store.getState().add(productFixture(), 0);
    expect(selectLineCount(store.getState())).toBe(3);
    expect(selectItemCount(store.getState())).toBe(3);
  });

  it('lowers the quantity with minus and removes the line at 1', () => {
    const store = createCartStore(memory);
    const shoe = productFixture();
    store.getState().add(shoe, 0);
    store.getState().increment(shoe._id, 0);
    expect(store.getState().decrement(shoe._id, 0)).toBe('decreased');
    expect(store.getState().lines[0]?.quantity).toBe(1);
    expect(store.getState().decrement(shoe._id, 0)).toBe('removed');
    expect(store.getState().lines).toEqual([]);
    expect(store.getState().decrement(shoe._id, 0)).toBe('missing');
  });

  it('writes storage on every change, never one step behind', () => {
    const store = createCartStore(memory);
    const shoe = productFixture();
    store.getState().add(shoe, 0);
    expect(stored()).toEqual(store.getState().lines);
    store.getState().add(shoe, 0);
    expect(stored()).toEqual([expect.objectContaining({ _id: shoe._id, productno: 0, quantity: 2 })]);
    store.getState().clear();
    expect(stored()).toEqual([]);
  });

  it('restores the whole cart synchronously when the page loads again', () => {
    const first = createCartStore(memory);
    const a = productFixture();
    const b = productFixture();
    first.getState().add(a, 0);
    first.getState().add(a, 0);
    first.getState().add(b, 2);

    // A new store over the same storage is what a reload creates.
    const reloaded = createCartStore(memory);
    expect(reloaded.persist.hasHydrated()).toBe(true);
    expect(reloaded.getState().lines).toEqual(first.getState().lines);
    expect(reloaded.getState().lines.map((l) => [l._id, l.productno, l.quantity])).toEqual([
      [a._id, 0, 2],
      [b._id, 2, 1],
    ]);
  });

  it('stores the plain array of lines under the cart key and drops malformed lines', () => {
    const good = { ...productFixture(), productno: 0, quantity: 3 };
    window.localStorage.setItem('cart', JSON.stringify([good, { _id: 'x' }, { ...good, quantity: 0 }, null]));
    const store = createCartStore(memory);
    expect(store.getState().lines).toEqual([good]);
  });

  it('ignores unreadable storage', () => {
    window.localStorage.setItem('cart', '{not json');
    expect(createCartStore(memory).getState().lines).toEqual([]);
  });

  it('refreshes stored product copies from the catalog', () => {
    const store = createCartStore(memory);
    const shoe = productFixture({ price: [1000, 2000] });
    store.getState().add(shoe, 1);
    store.getState().add(productFixture({ _id: 'gone' }), 0);
    store.getState().syncProducts([{ ...shoe, price: [1100, 2100], name: 'Renamed' }]);
    const [first, second] = store.getState().lines;
    expect(first).toMatchObject({ _id: shoe._id, name: 'Renamed', price: [1100, 2100], productno: 1, quantity: 1 });
    expect(second?._id).toBe('gone');
    // The variant vanished: the line goes.
    store.getState().syncProducts([{ ...shoe, price: [1100] }]);
    expect(store.getState().lines.map((l) => l._id)).toEqual(['gone']);
  });

  it('totals the chosen variants with the spec formula and sends only ids, variants and quantities', () => {
    const store = createCartStore(memory);
    const shoe = productFixture({ price: [1299, 799], discount: [10, 15] });
    store.getState().add(shoe, 0);
    store.getState().add(shoe, 1);
    store.getState().add(shoe, 1);
    store.getState().add(shoe, 1);
    // 1169.1 + 3 x 679.15 = 3206.55 -> 3206
    expect(cartAmountRupees(store.getState().lines)).toBe(3206);
    expect(toCheckoutLines(store.getState().lines)).toEqual([
      { _id: shoe._id, productno: 0, quantity: 1 },
      { _id: shoe._id, productno: 1, quantity: 3 },
    ]);
  });
});
