import { formatStepTime } from '@/lib/format';
import { orderFixture, shipmentFixture } from '@/testing/data';
import type { StatusChange } from '@/types/api';
import { orderTimeline, type TimelineStep } from './order-timeline';

/** Each step as `label state tone at detail`, the way a reader would check it. */
const read = (steps: TimelineStep[]) =>
  steps.map((s) => [s.label, s.state, s.tone, s.at ?? '-', s.detail ?? '-'].join(' | '));

const placedAt = '2024-03-05T12:00:00Z';
const history: StatusChange[] = [
  { status: 'Pending', at: placedAt, by: 'Asha Verma' },
  { status: 'Confirmed', at: '2024-03-05T13:30:00Z', by: 'Admin' },
];

describe('orderTimeline', () => {
  it('shows a new order at Placed, dated by createdAt, the rest to come', () => {
    expect(read(orderTimeline(orderFixture()))).toEqual([
      `Placed | current | normal | ${placedAt} | -`,
      'Confirmed | upcoming | normal | - | -',
      'Shipped | upcoming | normal | - | -',
      'Out for delivery | upcoming | normal | - | -',
      'Delivered | upcoming | normal | - | -',
    ]);
  });

  it('dates Confirmed from the history when there is one, and leaves it undated without', () => {
    const order = orderFixture({ status: 'Confirmed' });
    expect(read(orderTimeline(order, history)).slice(0, 2)).toEqual([
      `Placed | done | normal | ${placedAt} | -`,
      'Confirmed | current | normal | 2024-03-05T13:30:00Z | -',
    ]);
    expect(read(orderTimeline(order)).slice(1, 2)).toEqual(['Confirmed | current | normal | - | -']);
  });

  it('says Confirmed was skipped when the history shows the order shipped straight from Pending', () => {
    const order = orderFixture({ status: 'Shipped', shipment: shipmentFixture() });
    const straight: StatusChange[] = [
      { status: 'Pending', at: placedAt, by: 'Asha Verma' },
      { status: 'Shipped', at: '2024-03-06T10:00:00Z', by: 'Admin' },
    ];
    expect(read(orderTimeline(order, straight))[1]).toBe('Confirmed | done | normal | - | Skipped');
    // Without the history (the shopper's list) nothing is known either way.
    expect(read(orderTimeline(order))[1]).toBe('Confirmed | done | normal | - | -');
  });

  it('shows Shipped with the courier, the AWB and the expected day', () => {
    const order = orderFixture({ status: 'Shipped', shipment: shipmentFixture() });
    expect(read(orderTimeline(order, history))).toEqual([
      `Placed | done | normal | ${placedAt} | -`,
      'Confirmed | done | normal | 2024-03-05T13:30:00Z | -',
      'Shipped | current | normal | 2024-03-06T10:00:00Z | Delhivery · AWB DLV-123456',
      'Out for delivery | upcoming | normal | - | -',
      'Delivered | upcoming | normal | - | Expected by Sat, 9 Mar',
    ]);
  });

  it('dates Out for delivery and Delivered from the events and deliveredAt; Delivered is green', () => {
    const shipment = shipmentFixture({
      deliveredAt: '2024-03-08T09:15:00Z',
      events: [
        { status: 'Out for delivery', at: '2024-03-08T03:00:00Z', location: 'Raipur', note: null },
        { status: 'Delivered', at: '2024-03-08T09:15:00Z', location: 'Raipur', note: null },
      ],
    });
    const steps = orderTimeline(orderFixture({ status: 'Delivered', shipment }));
    expect(read(steps).slice(2)).toEqual([
      'Shipped | done | normal | 2024-03-06T10:00:00Z | Delhivery · AWB DLV-123456',
      'Out for delivery | done | normal | 2024-03-08T03:00:00Z | -',
      // Delivered: no `Expected by` any more.
      'Delivered | current | success | 2024-03-08T09:15:00Z | -',
    ]);
    expect(steps.filter((s) => s.state === 'current')).toHaveLength(1);
  });

  it('shows a failed attempt as what it is, in red, with the courier note, where Out for delivery was', () => {
    const shipment = shipmentFixture({
      events: [
        { status: 'Out for delivery', at: '2024-03-08T03:00:00Z', location: null, note: null },
        { status: 'Delivery failed', at: '2024-03-08T11:00:00Z', location: null, note: 'Customer not at home' },
      ],
    });
    const steps = orderTimeline(orderFixture({ status: 'Shipped', shipment }));
    expect(read(steps).slice(2)).toEqual([
      'Shipped | done | normal | 2024-03-06T10:00:00Z | Delhivery · AWB DLV-123456',
      'Delivery failed | current | danger | 2024-03-08T11:00:00Z | Customer not at home',
      'Delivered | upcoming | normal | - | Expected by Sat, 9 Mar',
    ]);
  });

  it('goes back to Out for delivery on the next attempt, counting the failed one', () => {
    const shipment = shipmentFixture({
      events: [
        { status: 'Out for delivery', at: '2024-03-08T03:00:00Z', location: null, note: null },
        { status: 'Delivery failed', at: '2024-03-08T11:00:00Z', location: null, note: null },
        { status: 'Out for delivery', at: '2024-03-09T03:00:00Z', location: null, note: null },
      ],
    });
    const steps = orderTimeline(orderFixture({ status: 'Out for delivery', shipment }));
    expect(read(steps)[3]).toBe('Out for delivery | current | normal | 2024-03-09T03:00:00Z | after 1 failed attempt');
  });

  it('ends a returned parcel at Returned to origin, with the failed attempt before it and no Delivered', () => {
    const shipment = shipmentFixture({
      events: [
        { status: 'Out for delivery', at: '2024-03-08T03:00:00Z', location: null, note: null },
        { status: 'Delivery failed', at: '2024-03-08T11:00:00Z', location: null, note: 'Refused' },
        { status: 'Returned to origin', at: '2024-03-12T06:00:00Z', location: null, note: null },
      ],
    });
    const steps = orderTimeline(orderFixture({ status: 'Returned to origin', shipment }));
    expect(read(steps)).toEqual([
      `Placed | done | normal | ${placedAt} | -`,
      'Confirmed | done | normal | - | -',
      'Shipped | done | normal | 2024-03-06T10:00:00Z | Delhivery · AWB DLV-123456',
      'Out for delivery | done | normal | 2024-03-08T03:00:00Z | -',
      'Delivery failed | done | danger | 2024-03-08T11:00:00Z | Refused',
      'Returned to origin | current | ended | 2024-03-12T06:00:00Z | -',
    ]);
  });

  it('ends a cancelled order where it was: confirmed only if its history says so', () => {
    const cancelled = orderFixture({ status: 'Cancelled' });
    expect(read(orderTimeline(cancelled))).toEqual([
      `Placed | done | normal | ${placedAt} | -`,
      'Cancelled | current | ended | - | -',
    ]);
    const withHistory = [...history, { status: 'Cancelled' as const, at: '2024-03-05T14:00:00Z', by: 'Asha Verma' }];
    expect(read(orderTimeline(cancelled, withHistory))).toEqual([
      `Placed | done | normal | ${placedAt} | -`,
      'Confirmed | done | normal | 2024-03-05T13:30:00Z | -',
      'Cancelled | current | ended | 2024-03-05T14:00:00Z | -',
    ]);
  });

  it('shows an order delivered by hand without a shipment as delivered, dated by its history', () => {
    const delivered = [...history, { status: 'Delivered' as const, at: '2024-03-07T08:00:00Z', by: 'Admin' }];
    const steps = orderTimeline(orderFixture({ status: 'Delivered' }), delivered);
    expect(read(steps).slice(2)).toEqual([
      'Shipped | done | normal | - | -',
      'Out for delivery | done | normal | - | -',
      'Delivered | current | success | 2024-03-07T08:00:00Z | -',
    ]);
  });

  it('reads the events in time order, whatever order they came in', () => {
    const shipment = shipmentFixture({
      events: [
        { status: 'Delivery failed', at: '2024-03-08T11:00:00Z', location: null, note: null },
        { status: 'Out for delivery', at: '2024-03-09T03:00:00Z', location: null, note: null },
        { status: 'Out for delivery', at: '2024-03-08T03:00:00Z', location: null, note: null },
      ],
    });
    const steps = orderTimeline(orderFixture({ status: 'Out for delivery', shipment }));
    expect(steps[3]).toMatchObject({ label: 'Out for delivery', at: '2024-03-09T03:00:00Z', state: 'current' });
  });
});

describe('formatStepTime', () => {
  it('writes India time, with the year only when it is not this one', () => {
    expect(formatStepTime('2024-03-05T12:00:00Z', new Date('2024-11-01T00:00:00Z'))).toBe('5 Mar, 5:30 pm');
    expect(formatStepTime('2024-03-05T12:00:00Z', new Date('2026-11-01T00:00:00Z'))).toBe('5 Mar 2024, 5:30 pm');
    // 31 Dec 20:00 UTC is already 1 Jan in India.
    expect(formatStepTime('2025-12-31T20:00:00Z', new Date('2026-06-01T00:00:00Z'))).toBe('1 Jan, 1:30 am');
    expect(formatStepTime('not a date')).toBe('');
  });
});
