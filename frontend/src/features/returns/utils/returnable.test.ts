import { orderFixture, productFixture, shipmentFixture } from '@/testing/data';
import { returnFixture } from '@/testing/return-server';
import type { StatusChange } from '@/types/api';
import {
  canRequestReturn,
  deliveredAt,
  exchangeSizes,
  isWithinReturnWindow,
  needsHistory,
  refundEstimate,
  returnableQuantities,
} from './returnable';

const now = new Date('2024-03-15T12:00:00Z');

describe('the return window', () => {
  it('counts 7 days from the shipment delivery, to the second', () => {
    const shipped = orderFixture({
      status: 'Delivered',
      shipment: shipmentFixture({ deliveredAt: '2024-03-08T12:00:00Z' }),
      updatedAt: '2024-03-14T00:00:00Z',
    });
    expect(deliveredAt(shipped)).toBe('2024-03-08T12:00:00Z');
    expect(isWithinReturnWindow(shipped, now)).toBe(true);
    expect(isWithinReturnWindow(shipped, new Date('2024-03-15T12:00:01Z'))).toBe(false);
    expect(needsHistory(shipped, now)).toBe(false);

    expect(deliveredAt(orderFixture({ status: 'Shipped', shipment: shipmentFixture() }))).toBeNull();
  });

  it('dates an order set Delivered by hand by its history, as the server does, not by its last change', () => {
    // Set Delivered on the 5th (and, after a slip, again on the 6th); the cash recorded on the 14th.
    const byHand = orderFixture({ status: 'Delivered', shipment: null, updatedAt: '2024-03-14T00:00:00Z' });
    const history: StatusChange[] = [
      { status: 'Pending', at: '2024-03-01T00:00:00Z' },
      { status: 'Delivered', at: '2024-03-05T00:00:00Z' },
      { status: 'Confirmed', at: '2024-03-05T01:00:00Z' },
      { status: 'Delivered', at: '2024-03-06T00:00:00Z' },
    ];
    expect(deliveredAt(byHand, history)).toBe('2024-03-06T00:00:00Z');
    expect(isWithinReturnWindow(byHand, now, history)).toBe(false);
    expect(isWithinReturnWindow(byHand, new Date('2024-03-13T00:00:00Z'), history)).toBe(true);
    expect(canRequestReturn(byHand, [], now, history)).toBe(false);
    // A history that never says Delivered dates nothing: the server says the window has closed.
    expect(deliveredAt(byHand, history.slice(0, 1))).toBeNull();

    // Without the history its last change stands in, which keeps the window open too long; so
    // the history is needed while that is open, and not once it has closed.
    expect(deliveredAt(byHand)).toBe('2024-03-14T00:00:00Z');
    expect(needsHistory(byHand, now)).toBe(true);
    expect(needsHistory(byHand, new Date('2024-03-21T00:00:01Z'))).toBe(false);
    expect(needsHistory(orderFixture({ status: 'Shipped', shipment: null }), now)).toBe(false);
  });

  it('dates a shipment without a delivery date by the history too', () => {
    const undated = orderFixture({
      status: 'Delivered',
      shipment: shipmentFixture({ deliveredAt: null }),
      updatedAt: '2024-03-14T00:00:00Z',
    });
    expect(needsHistory(undated, now)).toBe(true);
    expect(deliveredAt(undated, [{ status: 'Delivered', at: '2024-03-10T00:00:00Z' }])).toBe('2024-03-10T00:00:00Z');
  });
});

describe('what may still be returned', () => {
  it('subtracts the pairs held by returns, but not rejected or cancelled ones', () => {
    const order = orderFixture({
      status: 'Delivered',
      shipment: shipmentFixture({ deliveredAt: '2024-03-14T00:00:00Z' }),
    });
    const one = returnFixture();
    expect(returnableQuantities(order, [])).toEqual([2]);
    expect(returnableQuantities(order, [one])).toEqual([1]);
    expect(returnableQuantities(order, [one, returnFixture({ _id: 'r2', status: 'Completed' })])).toEqual([0]);
    expect(canRequestReturn(order, [one, returnFixture({ _id: 'r2', status: 'Completed' })], now)).toBe(false);
    expect(canRequestReturn(order, [one, returnFixture({ _id: 'r2', status: 'Cancelled' })], now)).toBe(true);
    expect(canRequestReturn(order, [one, returnFixture({ _id: 'r2', status: 'Rejected' })], now)).toBe(true);
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
