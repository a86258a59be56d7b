import type { PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * A zustand persist storage that keeps the plain value under the key (no `{state, version}`
 * envelope), so `localStorage.auth` is `{user, token, _id}` and `localStorage.cart` is the array
 * of cart lines, as the spec describes. Reads and writes are synchronous: the store is hydrated
 * while it is created (no first render with an empty cart) and every change is written at once.
 */
export function plainStorage<S, Stored>(options: {
  /** What to write for a state; null or undefined removes the key. */
  toStored: (state: S) => Stored;
  /** Rebuild the persisted slice from whatever is stored; null drops it. */
  fromStored: (raw: unknown) => S | null;
  storage?: () => Storage | undefined;
}): PersistStorage<S> {
  const getStorage = options.storage ?? (() => (typeof window === 'undefined' ? undefined : window.localStorage));
  return {
    getItem(name): StorageValue<S> | null {
      const storage = getStorage();
      if (!storage) return null;
      let raw: string | null;
      try {
        raw = storage.getItem(name);
      } catch {
        return null;
      }
      if (raw === null) return null;
      try {
        const state = options.fromStored(JSON.parse(raw) as unknown);
        return state === null ? null : { state, version: 0 };
      } catch {
        return null;
      }
    },
    setItem(name, value) {
      try {
        const stored = options.toStored(value.state);
        if (stored === null || stored === undefined) getStorage()?.removeItem(name);
        else getStorage()?.setItem(name, JSON.stringify(stored));
      } catch {
        // Storage full or blocked (private mode): the in-memory state still works.
      }
    },
    removeItem(name) {
      try {
        getStorage()?.removeItem(name);
      } catch {
        // ignore
      }
    },
  };
}
