import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { STORAGE_KEYS, TOAST_DEFAULT_MS, TOAST_LIMIT } from '@/config/constants';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { configureApiClient } from '@/lib/api-client';
import { createSeededQueryClient } from '@/features/catalog/api/first-view';

// The API client reads the session from the auth store, and a refused token ends the session.
configureApiClient({
  getToken: () => useAuthStore.getState().token,
  onUnauthorized: () => useAuthStore.getState().logout(),
});

/** Keep the cart and session in step with other tabs of the shop. */
function useCrossTabSync() {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage) return;
      if (event.key === STORAGE_KEYS.cart || event.key === null) void useCartStore.persist.rehydrate();
      if (event.key === STORAGE_KEYS.auth || event.key === null) {
        if (event.newValue === null) useAuthStore.getState().logout();
        else void useAuthStore.persist.rehydrate();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}

/**
 * `queryClient`: the server's render (entry-server.tsx) brings its own, seeded from the same first
 * view, and so does the browser's main.tsx (from the page's `#first-view`); without one, one is made
 * here the same way.
 */
export function AppProvider({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createSeededQueryClient());
  useCrossTabSync();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="top-right" autoClose={TOAST_DEFAULT_MS} limit={TOAST_LIMIT} newestOnTop={false} />
    </QueryClientProvider>
  );
}
