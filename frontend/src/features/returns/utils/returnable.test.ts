import { actionsFixture, orderFixture, productFixture, shipmentFixture } from '@/testing/data';
import { boughtSizeIndex, canRequestReturn, exchangeSizes, refundEstimate, returnableQuantities } from './returnable';

describe('Return or exchange', () => {
  it("offers exactly the pairs the server's actions give, whatever the order's dates say", () => {
    // Delivered long ago by its dates, but the server offers a pair: it is offered.
    const open = orderFixture({
      status: 'Delivered',
      shipment: shipmentFixture({ deliveredAt: '2020-01-01T00:00:00Z' }),
      actions: actionsFixture({ returnUntil: '2020-01-31T00:00:00.000Z', returnable: [1] }),
    });
    expect(canRequestReturn(open)).toBe(true);
    expect(returnableQuantities(open)).toEqual([1]);
    // Delivered a moment ago by its dates, but the server offers no pair: nothing is offered.
    const closed = orderFixture({
      status: 'Delivered',
      shipment: shipmentFixture({ deliveredAt: new Date().toISOString() }),
      actions: actionsFixture({ returnUntil: null, returnable: [0] }),
    });
    expect(canRequestReturn(closed)).toBe(false);
  });
});

describe('what may still be returned', () => {
  it("is each line's pairs as the reply gives them, none for a line it leaves out", () => {
    const order = orderFixture({
      status: 'Delivered',
      products: [...orderFixture().products, { ...orderFixture().products[0]!, _id: 'p2' }],
      actions: actionsFixture({ returnUntil: '2024-03-21T00:00:00.000Z', returnable: [0, 2] }),
    });
    expect(returnableQuantities(order)).toEqual([0, 2]);
    expect(canRequestReturn(order)).toBe(true);
    // Within the window, every pair held by a return: nothing is offered.
    const held = { ...order, actions: actionsFixture({ returnUntil: '2024-03-21T00:00:00.000Z', returnable: [0] }) };
    expect(returnableQuantities(held)).toEqual([0, 0]);
    expect(canRequestReturn(held)).toBe(false);
  });

  it('offers the other sizes that sell at the same price and are in stock', () => {
    const product = productFixture({
      type: ['UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10'],
      price: [1299, 1299, 1299, 1499, 3299],
      discount: [0, 0, 0, 0, 60],
      // UK 10's MRP differs, but it sells at the same ₹1,299.
      salePrice: [1299, 1299, 1299, 1499, 1299],
      stock: [0, 4, 2, 9, 1],
    });
    expect(exchangeSizes(product, '', 'UK 8')).toEqual([
      { index: 1, color: '', size: 'UK 7', label: 'UK 7', left: 4 },
      { index: 4, color: '', size: 'UK 10', label: 'UK 10', left: 1 },
    ]);
    expect(exchangeSizes(product, '', 'UK 9')).toEqual([]);
    expect(exchangeSizes(product, '', 'UK 12')).toEqual([]);
    expect(exchangeSizes(product, '', null)).toEqual([]);
  });

  // Tan and Black, UK 7 to UK 9 (Black UK 10 too): all at ₹2,400 but Black UK 9.
  const knit = productFixture({
    name: 'Monsoon Knit Slip-On',
    colors: [
      { name: 'Tan', hex: '#c19a6b', photos: [] },
      { name: 'Black', hex: '#000000', photos: [] },
    ],
    color: ['Tan', 'Tan', 'Tan', 'Black', 'Black', 'Black', 'Black'],
    type: ['UK 7', 'UK 8', 'UK 9', 'UK 7', 'UK 8', 'UK 9', 'UK 10'],
    price: [2400, 2400, 2400, 2400, 2400, 2600, 2400],
    discount: [0, 0, 0, 0, 0, 0, 0],
    stock: [3, 4, 0, 0, 2, 5, 1],
  });

  it('finds the variant bought by its colour and its size, not the first of that size', () => {
    expect(boughtSizeIndex(knit, 'Tan', 'UK 8')).toBe(1);
    expect(boughtSizeIndex(knit, 'Black', 'UK 8')).toBe(4);
    // Names are unique ignoring case.
    expect(boughtSizeIndex(knit, 'black', 'UK 8')).toBe(4);
    // No guessing: a colour or size the product does not have, or a line without a colour.
    expect(boughtSizeIndex(knit, 'Olive', 'UK 8')).toBeNull();
    expect(boughtSizeIndex(knit, 'Black', 'UK 12')).toBeNull();
    expect(boughtSizeIndex(knit, '', 'UK 8')).toBeNull();
  });

  it('offers a coloured line every other variant at its price in stock, either colour, named by colour and size', () => {
    expect(exchangeSizes(knit, 'Black', 'UK 8')).toEqual([
      { index: 0, color: 'Tan', size: 'UK 7', label: 'Tan, UK 7', left: 3 },
      // The same size in the other colour is another variant.
      { index: 1, color: 'Tan', size: 'UK 8', label: 'Tan, UK 8', left: 4 },
      { index: 6, color: 'Black', size: 'UK 10', label: 'Black, UK 10', left: 1 },
    ]);
    expect(exchangeSizes(knit, 'Tan', 'UK 8').map((s) => s.label)).toEqual([
      'Tan, UK 7',
      'Black, UK 8',
      'Black, UK 10',
    ]);
    expect(exchangeSizes(knit, '', 'UK 8')).toEqual([]);
  });

  it('estimates a refund as its share of what the order cost, the coupon spread in proportion', () => {
    const order = orderFixture({
      products: [
        { ...orderFixture().products[0]!, price: 1000, discount: 0, salePrice: 1000, quantity: 2 },
        { ...orderFixture().products[0]!, price: 500, discount: 0, salePrice: 500, quantity: 1 },
      ],
      subtotal: 2500,
      discount: 250,
      amount: 2250,
    });
    expect(refundEstimate(order, 0, 1)).toBe(900);
    expect(refundEstimate(order, 1, 1)).toBe(450);
    expect(refundEstimate(order, 0, 0)).toBe(0);
    expect(refundEstimate(order, 5, 1)).toBe(0);
  });
});
