import { orderFixture, shipmentFixture } from '@/testing/data';
import type { OrderStatus } from '@/types/api';
import { cancelRefusal, isDeliveryFailed, recordableEvents } from './shipment';

const failed = shipmentFixture({
  events: [
    { status: 'Out for delivery', at: '2024-03-08T03:00:00Z', location: null, note: null },
    { status: 'Delivery failed', at: '2024-03-08T11:00:00Z', location: null, note: null },
  ],
});

describe('cancelRefusal', () => {
  it("allows cancelling only before shipping, and otherwise says the server's words", () => {
    const cases: [OrderStatus, boolean, string | null][] = [
      ['Pending', false, null],
      ['Confirmed', false, null],
      // A booking in progress (decisions D18): the server refuses.
      ['Pending', true, 'Order has shipped'],
      ['Shipped', true, 'Order has shipped'],
      ['Out for delivery', true, 'Order has shipped'],
      ['Returned to origin', true, 'Order has shipped'],
      ['Delivered', false, 'Order Delivered'],
      ['Delivered', true, 'Order Delivered'],
      ['Cancelled', false, 'Order Cancelled'],
    ];
    for (const [status, shipped, refusal] of cases) {
      const order = orderFixture({ status, shipment: shipped ? shipmentFixture() : null });
      expect([status, shipped, cancelRefusal(order)]).toEqual([status, shipped, refusal]);
    }
  });

  it('refuses a replacement order whatever its status', () => {
    for (const status of ['Confirmed', 'Delivered'] as const) {
      expect(cancelRefusal(orderFixture({ status, shipment: null, replaces: 'o1' }))).toBe(
        'Replacement orders cannot be cancelled',
      );
    }
  });
});

describe('recordableEvents', () => {
  it('offers what the lifecycle allows from each status', () => {
    expect(recordableEvents({ status: 'Shipped' })).toEqual([
      'Out for delivery',
      'Delivered',
      'Delivery failed',
      'Returned to origin',
    ]);
    expect(recordableEvents({ status: 'Out for delivery' })).toEqual([
      'Delivered',
      'Delivery failed',
      'Returned to origin',
    ]);
    for (const status of ['Pending', 'Confirmed', 'Delivered', 'Cancelled', 'Returned to origin'] as const) {
      expect(recordableEvents({ status })).toEqual([]);
    }
  });
});

describe('isDeliveryFailed', () => {
  it('holds while the last attempt failed and the parcel is still with the courier', () => {
    expect(isDeliveryFailed(orderFixture({ status: 'Shipped', shipment: failed }))).toBe(true);
    expect(isDeliveryFailed(orderFixture({ status: 'Returned to origin', shipment: failed }))).toBe(false);
    expect(isDeliveryFailed(orderFixture({ status: 'Delivered', shipment: failed }))).toBe(false);
    const again = shipmentFixture({
      events: [
        ...failed.events,
        { status: 'Out for delivery', at: '2024-03-09T03:00:00Z', location: null, note: null },
      ],
    });
    expect(isDeliveryFailed(orderFixture({ status: 'Out for delivery', shipment: again }))).toBe(false);
    // A courier's own words after the failure (a scan) do not hide it.
    const scanned = shipmentFixture({
      events: [...failed.events, { status: 'REACHED HUB', at: '2024-03-08T15:00:00Z', location: 'Raipur', note: null }],
    });
    expect(isDeliveryFailed(orderFixture({ status: 'Shipped', shipment: scanned }))).toBe(true);
  });
});
