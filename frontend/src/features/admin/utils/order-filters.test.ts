import { lockedActions, orderFixture, shipmentFixture } from '@/testing/data';
import { countOrders, filterOrders, parseOrderFilter } from './order-filters';

const failedShipment = shipmentFixture({
  events: [
    { status: 'Out for delivery', at: '2024-03-08T03:00:00Z', location: null, note: null },
    { status: 'Delivery failed', at: '2024-03-08T11:00:00Z', location: null, note: null },
  ],
});

/** The orders the server offers `Ship` on (`actions.ship`); the rest it refuses. */
const SHIPPABLE = ['new-pending', 'confirmed', 'old-pending'];

// Newest first, as the server lists them.
const listed = [
  orderFixture({ _id: 'new-pending', createdAt: '2024-03-09T10:00:00Z' }),
  orderFixture({ _id: 'confirmed', status: 'Confirmed', createdAt: '2024-03-08T10:00:00Z' }),
  orderFixture({ _id: 'shipped', status: 'Shipped', shipment: shipmentFixture(), createdAt: '2024-03-07T10:00:00Z' }),
  orderFixture({ _id: 'failed', status: 'Shipped', shipment: failedShipment, createdAt: '2024-03-06T10:00:00Z' }),
  orderFixture({
    _id: 'out',
    status: 'Out for delivery',
    shipment: shipmentFixture(),
    createdAt: '2024-03-05T10:00:00Z',
  }),
  orderFixture({
    _id: 'delivered',
    status: 'Delivered',
    shipment: shipmentFixture(),
    createdAt: '2024-03-04T10:00:00Z',
  }),
  orderFixture({
    _id: 'returned',
    status: 'Returned to origin',
    shipment: failedShipment,
    createdAt: '2024-03-03T10:00:00Z',
  }),
  orderFixture({ _id: 'cancelled', status: 'Cancelled', createdAt: '2024-03-02T10:00:00Z' }),
  orderFixture({ _id: 'old-pending', createdAt: '2024-03-01T10:00:00Z' }),
  // Pending, and refused by the server whatever its status: the list follows the reply.
  orderFixture({ _id: 'booking', shipment: shipmentFixture(), createdAt: '2024-02-28T10:00:00Z' }),
];
const orders = listed.map((order) =>
  SHIPPABLE.includes(order._id) ? order : { ...order, actions: lockedActions('Order has shipped') },
);
const ids = (list: { _id: string }[]) => list.map((o) => o._id);

describe('admin order filters', () => {
  it("To ship: what the server's actions.ship allows, oldest first", () => {
    expect(ids(filterOrders(orders, 'to-ship'))).toEqual(['old-pending', 'confirmed', 'new-pending']);
    // Allowed on an order in transit, it is listed: the chip restates no status rule.
    const offered = orders.map((o) => (o._id === 'shipped' ? { ...o, actions: listed[0]!.actions } : o));
    expect(ids(filterOrders(offered, 'to-ship'))).toEqual(['old-pending', 'shipped', 'confirmed', 'new-pending']);
  });

  it('In transit: Shipped or Out for delivery, a failed attempt included, newest first', () => {
    expect(ids(filterOrders(orders, 'in-transit'))).toEqual(['shipped', 'failed', 'out']);
  });

  it('Delivery failed: the last attempt failed, neither delivered nor back', () => {
    expect(ids(filterOrders(orders, 'delivery-failed'))).toEqual(['failed']);
  });

  it('Returned to origin, and All as the server sent them', () => {
    expect(ids(filterOrders(orders, 'returned'))).toEqual(['returned']);
    expect(ids(filterOrders(orders, 'all'))).toEqual(ids(orders));
  });

  it('counts each chip and leaves the list as it was', () => {
    const before = ids(orders);
    expect(countOrders(orders)).toEqual({
      all: 10,
      'to-ship': 3,
      'in-transit': 3,
      'delivery-failed': 1,
      returned: 1,
    });
    expect(ids(orders)).toEqual(before);
  });

  it('reads the chip from the address, All for anything unknown', () => {
    expect(parseOrderFilter('to-ship')).toBe('to-ship');
    expect(parseOrderFilter('returned')).toBe('returned');
    expect(parseOrderFilter('nonsense')).toBe('all');
    expect(parseOrderFilter(null)).toBe('all');
  });
});
