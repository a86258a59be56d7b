import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@/config/constants';
import { plainStorage } from '@/lib/plain-storage';
import type { User } from '@/types/api';

/** The session as the server returns it at login; stored under `auth` as `{user, token, _id}`. */
export type Session = { user: User | null; token: string; _id: string };

type AuthState = Session & {
  setSession: (session: { user: User; token: string; _id?: string }) => void;
  updateUser: (patch: Partial<User>) => void;
  logout: () => void;
};

const empty: Session = { user: null, token: '', _id: '' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Accepts what we store, and also the original client's whole login reply. */
export function sessionFromStored(raw: unknown): Session | null {
  if (!isRecord(raw) || typeof raw.token !== 'string' || !raw.token || !isRecord(raw.user)) return null;
  const user = raw.user as unknown as User;
  const id = typeof raw._id === 'string' && raw._id ? raw._id : user._id;
  return { user, token: raw.token, _id: id };
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...empty,
      setSession: ({ user, token, _id }) => set({ user, token, _id: _id ?? user._id }),
      updateUser: (patch) => set((s) => (s.user ? { user: { ...s.user, ...patch } } : {})),
      logout: () => set({ ...empty }),
    }),
    {
      name: STORAGE_KEYS.auth,
      storage: plainStorage<Session, Session | null>({
        // Signed out: the key holds nothing useful, and the reader drops it.
        toStored: (s) => (s.token ? { user: s.user, token: s.token, _id: s._id } : null),
        fromStored: sessionFromStored,
      }),
      partialize: (s) => ({ user: s.user, token: s.token, _id: s._id }),
    },
  ),
);

export const selectIsLoggedIn = (s: AuthState) => Boolean(s.token && s.user);
export const selectIsAdmin = (s: AuthState) => Boolean(s.token && s.user?.role);
