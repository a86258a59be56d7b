import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { STORAGE_KEYS, TOAST_DEFAULT_MS, TOAST_LIMIT } from '@/config/constants';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { configureApiClient } from '@/lib/api-client';
import { readFirstView, seedFirstView } from '@/features/catalog/api/first-view';
import { createQueryClient } from '@/lib/query-client';

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

/** The app's data cache, holding what the server's first view of this page carried (decisions D29). */
function createSeededQueryClient() {
  const client = createQueryClient();
  const view = readFirstView();
  if (view) seedFirstView(client, view, window.location.pathname + window.location.search);
  return client;
}

/**
 * `queryClient`: the server's render (entry-server.tsx) brings its own, seeded from the same first
 * view; the browser makes one from the page's `#first-view`.
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
