import { ApiError } from '@/lib/api-client';
import { createAttemptKeys, randomUuid } from './attempt-key';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('checkout attempt keys', () => {
  it('makes random version 4 UUIDs, with or without crypto.randomUUID', () => {
    expect(randomUuid()).toMatch(UUID);
    expect(randomUuid()).not.toBe(randomUuid());
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const a = randomUuid();
      expect(a).toMatch(UUID);
      expect(randomUuid()).not.toBe(a);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('reuses the key when the same request is retried after a network error or a 5xx', async () => {
    let n = 0;
    const attempts = createAttemptKeys(() => `key-${++n}`);
    const seen: string[] = [];
    const failWith = (status: number) => async (key: string) => {
      seen.push(key);
      throw new ApiError('x', status);
    };
    await expect(attempts.send('cart-a', failWith(0))).rejects.toThrow();
    await expect(attempts.send('cart-a', failWith(502))).rejects.toThrow();
    await attempts.send('cart-a', async (key) => seen.push(key));
    expect(seen).toEqual(['key-1', 'key-1', 'key-1']);
    // Placed: the next order is a new attempt, even for the same cart.
    await attempts.send('cart-a', async (key) => seen.push(key));
    expect(seen.at(-1)).toBe('key-2');
  });

  it('starts a new attempt after a refusal, or when the request changed', async () => {
    let n = 0;
    const attempts = createAttemptKeys(() => `key-${++n}`);
    const seen: string[] = [];
    const refuse = async (key: string) => {
      seen.push(key);
      throw new ApiError('Too many unpaid cash on delivery orders', 409);
    };
    const lose = async (key: string) => {
      seen.push(key);
      throw new ApiError('Network error', 0);
    };
    await expect(attempts.send('cart-a', refuse)).rejects.toThrow();
    await expect(attempts.send('cart-a', lose)).rejects.toThrow();
    await expect(attempts.send('cart-b', lose)).rejects.toThrow();
    expect(seen).toEqual(['key-1', 'key-2', 'key-3']);
  });
});
