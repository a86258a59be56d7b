import { deliveryByText } from './delivery-by';

describe('deliveryByText', () => {
  it("says the estimate's last day as `Delivery by Thu, 3 Dec`, weekday and month short, no year", () => {
    const estimate = { from: '2026-11-30', to: '2026-12-03', source: 'table' as const };
    expect(deliveryByText({ deliverable: true, estimate })).toBe('Delivery by Thu, 3 Dec');
    expect(deliveryByText({ deliverable: true, estimate: { ...estimate, to: '2027-01-01', source: 'courier' } })).toBe(
      'Delivery by Fri, 1 Jan',
    );
    // The day is the calendar day sent, whatever the browser's zone.
    expect(deliveryByText({ deliverable: true, estimate: { ...estimate, to: '2026-03-29' } })).toBe(
      'Delivery by Sun, 29 Mar',
    );
  });

  it('says nothing without a served pincode or an estimate', () => {
    const estimate = { from: '2026-11-30', to: '2026-12-03', source: 'table' as const };
    expect(deliveryByText({ deliverable: false, estimate: null })).toBeNull();
    expect(deliveryByText({ deliverable: false, estimate })).toBeNull();
    expect(deliveryByText({ deliverable: true, estimate: null })).toBeNull();
    expect(deliveryByText({ deliverable: true })).toBeNull();
    expect(deliveryByText({ deliverable: true, estimate: { ...estimate, to: '3 Dec' } })).toBeNull();
    expect(deliveryByText(undefined)).toBeNull();
  });
});
