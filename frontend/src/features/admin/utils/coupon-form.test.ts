import { couponToForm, emptyCouponForm, readCouponForm } from './coupon-form';

const full = {
  ...emptyCouponForm,
  code: ' welcome10 ',
  value: '10',
  start: '2025-11-01T00:00',
  end: '2025-11-30T23:59',
};

describe('coupon form', () => {
  it('sends India times as instants, numbers as numbers, empty limits as no limit', () => {
    expect(readCouponForm(full)).toEqual({
      code: 'WELCOME10',
      kind: 'percent',
      value: 10,
      minOrder: 0,
      start: '2025-10-31T18:30:00.000Z',
      end: '2025-11-30T18:29:00.000Z',
      maxUses: null,
      maxUsesPerUser: null,
    });
    expect(
      readCouponForm({ ...full, kind: 'amount', value: '200', minOrder: '999', maxUses: '10', maxUsesPerUser: '1' }),
    ).toMatchObject({ kind: 'amount', value: 200, minOrder: 999, maxUses: 10, maxUsesPerUser: 1 });
  });

  it('refuses a form without a code, a value or dates', () => {
    expect(readCouponForm({ ...full, code: ' ' })).toBeNull();
    expect(readCouponForm({ ...full, value: '' })).toBeNull();
    expect(readCouponForm({ ...full, start: '' })).toBeNull();
    expect(readCouponForm({ ...full, end: '' })).toBeNull();
    expect(readCouponForm({ ...full, maxUses: 'lots' })).toBeNull();
  });

  it('fills the edit form from a coupon, back in India time', () => {
    const form = couponToForm({
      _id: 'k1',
      code: 'FLAT200',
      kind: 'amount',
      value: 200,
      minOrder: 1500,
      start: '2025-10-31T18:30:00.000Z',
      end: '2025-11-30T18:29:00.000Z',
      maxUses: null,
      maxUsesPerUser: 2,
      used: 3,
      createdAt: '2025-10-01T00:00:00.000Z',
    });
    expect(form).toEqual({
      code: 'FLAT200',
      kind: 'amount',
      value: '200',
      minOrder: '1500',
      start: '2025-11-01T00:00',
      end: '2025-11-30T23:59',
      maxUses: '',
      maxUsesPerUser: '2',
    });
  });
});
