import { actionsFixture, orderFixture, productFixture, shipmentFixture } from '@/testing/data';
import { returnFixture } from '@/testing/return-server';
import { canRequestReturn, exchangeSizes, refundEstimate, returnableQuantities } from './returnable';

describe('Return or exchange', () => {
  it("is offered exactly while the server's actions give a returnUntil, whatever the order's dates say", () => {
    // Delivered long ago by its dates, but the server says a return may still be asked for.
    const open = orderFixture({
      status: 'Delivered',
      shipment: shipmentFixture({ deliveredAt: '2020-01-01T00:00:00Z' }),
      actions: actionsFixture({ returnUntil: '2020-01-31T00:00:00.000Z' }),
    });
    expect(canRequestReturn(open, [])).toBe(true);
    // Delivered a moment ago by its dates, but the server offers no return: nothing is offered.
    const closed = orderFixture({
      status: 'Delivered',
      shipment: shipmentFixture({ deliveredAt: new Date().toISOString() }),
      actions: actionsFixture({ returnUntil: null }),
    });
    expect(canRequestReturn(closed, [])).toBe(false);
  });
});

describe('what may still be returned', () => {
  it('subtracts the pairs held by returns, but not rejected or cancelled ones', () => {
    const order = orderFixture({
      status: 'Delivered',
      shipment: shipmentFixture({ deliveredAt: '2024-03-14T00:00:00Z' }),
      actions: actionsFixture({ returnUntil: '2024-03-21T00:00:00.000Z' }),
    });
    const one = returnFixture();
    expect(returnableQuantities(order, [])).toEqual([2]);
    expect(returnableQuantities(order, [one])).toEqual([1]);
    expect(returnableQuantities(order, [one, returnFixture({ _id: 'r2', status: 'Completed' })])).toEqual([0]);
    expect(canRequestReturn(order, [one, returnFixture({ _id: 'r2', status: 'Completed' })])).toBe(false);
    expect(canRequestReturn(order, [one, returnFixture({ _id: 'r2', status: 'Cancelled' })])).toBe(true);
    expect(canRequestReturn(order, [one, returnFixture({ _id: 'r2', status: 'Rejected' })])).toBe(true);
  });

  it('offers the other sizes at the same price that are in stock', () => {
    const product = productFixture({
      type: ['UK 6', 'UK 7', 'UK 8', 'UK 9'],
      price: [1299, 1299, 1299, 1499],
      stock: [0, 4, 2, 9],
    });
    expect(exchangeSizes(product, 'UK 8')).toEqual([{ index: 1, label: 'UK 7', left: 4 }]);
    expect(exchangeSizes(product, 'UK 9')).toEqual([]);
    expect(exchangeSizes(product, 'UK 12')).toEqual([]);
    expect(exchangeSizes(product, null)).toEqual([]);
  });

  it('estimates a refund as its share of what the order cost, the coupon spread in proportion', () => {
    const order = orderFixture({
      products: [
        { ...orderFixture().products[0]!, price: 1000, discount: 0, quantity: 2 },
        { ...orderFixture().products[0]!, price: 500, discount: 0, quantity: 1 },
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
