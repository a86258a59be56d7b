import { ApiError } from '@/lib/api-client';

/**
 * A version 4 UUID. `crypto.randomUUID` exists only in secure contexts (HTTPS, localhost), so a
 * shop reached over plain HTTP builds one from `getRandomValues`, which exists everywhere.
 */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The server surely answered: a 4xx refusal. A network error or a 5xx may hide a written order. */
const answered = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

export type AttemptKeys = {
  /**
   * Run `call` with this attempt's key. The same request (same `fingerprint`) sent again after
   * its answer was lost (network error, 5xx) is the same attempt and reuses the key, so the
   * server returns the order it may already have written instead of writing a second one. A
   * success or a refusal ends the attempt; a different request starts a new one.
   */
  send: <T>(fingerprint: string, call: (key: string) => Promise<T>) => Promise<T>;
};

export function createAttemptKeys(newKey: () => string = randomUuid): AttemptKeys {
  let current: { key: string; fingerprint: string } | null = null;
  return {
    async send(fingerprint, call) {
      if (current?.fingerprint !== fingerprint) current = { key: newKey(), fingerprint };
      const attempt = current;
      try {
        const reply = await call(attempt.key);
        if (current === attempt) current = null;
        return reply;
      } catch (error) {
        if (answered(error) && current === attempt) current = null;
        throw error;
      }
    },
  };
}
