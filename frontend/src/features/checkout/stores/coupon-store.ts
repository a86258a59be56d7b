import { create } from 'zustand';
import type { CouponQuote } from '@/types/api';

/** A coupon the server accepted for these cart lines (`linesKey`) and this shopper. */
export type AppliedCoupon = CouponQuote & { linesKey: string; userId: string };

type CouponState = {
  applied: AppliedCoupon | null;
  setApplied: (applied: AppliedCoupon) => void;
  clear: () => void;
};

/**
 * The cart's coupon, for this tab's session only: it follows the shopper from the cart to a
 * product page and back, and is asked again whenever the cart changes (see `useCoupon`).
 */
export const useCouponStore = create<CouponState>()((set) => ({
  applied: null,
  setApplied: (applied) => set({ applied }),
  clear: () => set({ applied: null }),
}));
