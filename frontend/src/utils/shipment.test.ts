import { orderFixture, shipmentFixture } from '@/testing/data';
import { isDeliveryFailed } from './shipment';

const failed = shipmentFixture({
  events: [
    { status: 'Out for delivery', at: '2024-03-08T03:00:00Z', location: null, note: null },
    { status: 'Delivery failed', at: '2024-03-08T11:00:00Z', location: null, note: null },
  ],
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
