import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { useCouponStore } from '@/features/checkout/stores/coupon-store';

// Route tests render the whole app; give findBy* room on a busy machine (CI runs vitest beside
// cargo's compile on the same two cores: scripts/suites.sh). A wait that ends in time costs
// nothing more; only a screen that never shows waits this long.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: the router's scroll restoration only needs these to exist.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  useAuthStore.getState().logout();
  useCartStore.getState().clear();
  useCouponStore.getState().clear();
  window.localStorage.clear();
});
