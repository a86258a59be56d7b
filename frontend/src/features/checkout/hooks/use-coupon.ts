import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { toCheckoutLines, useCartStore } from '@/features/cart/stores/cart-store';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useApplyCoupon } from '../api/apply-coupon';
import { useCouponStore, type AppliedCoupon } from '../stores/coupon-store';

export type CouponControls = {
  /** The accepted coupon, or null. */
  applied: AppliedCoupon | null;
  /** A request is out, or the cart changed since the quote: its amount is not to be paid yet. */
  busy: boolean;
  /** Ask the server; toasts its refusal. Resolves whether it was applied. */
  apply: (code: string) => Promise<boolean>;
  remove: () => void;
};

/**
 * The cart's coupon: applied through the server, asked again whenever the cart changes (and
 * dropped, with the server's reason as a toast, when it no longer applies), dropped when the
 * cart empties or the shopper changes.
 */
export function useCoupon(): CouponControls {
  const lines = useCartStore((s) => s.lines);
  const userId = useAuthStore((s) => s._id || s.user?._id || '');
  const applied = useCouponStore((s) => s.applied);
  const setApplied = useCouponStore((s) => s.setApplied);
  const clear = useCouponStore((s) => s.clear);
  const mutation = useApplyCoupon();
  const products = useMemo(() => toCheckoutLines(lines), [lines]);
  const linesKey = JSON.stringify(products);
  // Only the latest request may change the coupon: an earlier reply is for an older cart.
  const latest = useRef(0);

  const request = async (code: string, again: boolean): Promise<boolean> => {
    const ticket = ++latest.current;
    try {
      const quote = await mutation.mutateAsync({ code, products });
      if (ticket !== latest.current) return false;
      const { code: accepted, subtotal, discount, amount } = quote;
      setApplied({ code: accepted || code, subtotal, discount, amount, linesKey, userId });
      return true;
    } catch (error) {
      if (ticket !== latest.current) return false;
      if (again) clear();
      notify.error(errorMessage(error, 'Could not apply the coupon'));
      return false;
    }
  };

  const reapply = useEffectEvent((code: string) => void request(code, true));

  useEffect(() => {
    if (!applied) return;
    if (applied.userId !== userId || linesKey === '[]') {
      latest.current++;
      clear();
    } else if (applied.linesKey !== linesKey) {
      reapply(applied.code);
    }
  }, [applied, linesKey, userId, clear]);

  return {
    applied,
    busy: mutation.isPending || (applied !== null && applied.linesKey !== linesKey),
    apply: (code) => request(code, false),
    remove: () => {
      latest.current++;
      clear();
    },
  };
}
