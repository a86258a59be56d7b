import { returnFixture } from '@/testing/return-server';
import { kindText, lineName } from './return-text';

const line = returnFixture().lines[0]!;

describe("a return line's words", () => {
  it('names the line bought by its colour and size, as the server does', () => {
    expect(lineName({ ...line, name: 'Trail', color: 'Tan', size: 'UK 8' })).toBe('Trail (Tan, UK 8)');
    expect(lineName({ ...line, name: 'Trail', color: '', size: 'UK 8' })).toBe('Trail (UK 8)');
    expect(lineName({ ...line, name: 'Trail', color: '', size: null })).toBe('Trail');
  });

  it('names the colour an exchange asks for, else the size alone as before colours', () => {
    const exchange = { ...line, kind: 'exchange' as const };
    expect(kindText({ ...exchange, newColor: 'Black', newSize: 'UK 9' })).toBe('Exchange for Black, UK 9');
    expect(kindText({ ...exchange, newColor: '', newSize: 'UK 9' })).toBe('Exchange for UK 9');
    expect(kindText({ ...exchange, newColor: '', newSize: null })).toBe('Exchange for another size');
    expect(kindText({ ...line, newColor: '', newSize: null })).toBe('Refund');
  });
});
