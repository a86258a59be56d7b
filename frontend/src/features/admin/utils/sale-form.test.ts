import { readSaleForm } from './sale-form';

describe('sale form', () => {
  it('sends India times as instants and the discount as a number', () => {
    expect(
      readSaleForm({ name: ' Diwali ', start: '2025-11-01T00:00', end: '2025-11-05T23:59', discount: '15' }),
    ).toEqual({
      name: 'Diwali',
      start: '2025-10-31T18:30:00.000Z',
      end: '2025-11-05T18:29:00.000Z',
      discount: 15,
    });
  });

  it('refuses a form with any detail missing', () => {
    const full = { name: 'Diwali', start: '2025-11-01T00:00', end: '2025-11-05T23:59', discount: '15' };
    expect(readSaleForm({ ...full, name: ' ' })).toBeNull();
    expect(readSaleForm({ ...full, start: '' })).toBeNull();
    expect(readSaleForm({ ...full, end: '' })).toBeNull();
    expect(readSaleForm({ ...full, discount: '' })).toBeNull();
    expect(readSaleForm({ ...full, discount: 'ten' })).toBeNull();
  });
});
