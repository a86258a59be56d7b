import type { Coupon, CouponKind } from '@/types/api';
import type { CouponInput } from '../api/create-coupon';
import { istInputToIso, isoToIstInput } from './admin-format';

/** The coupon form as typed: times are `datetime-local` values in India time, as the sale form's. */
export type CouponFormValues = {
  code: string;
  kind: CouponKind;
  value: string;
  minOrder: string;
  start: string;
  end: string;
  maxUses: string;
  maxUsesPerUser: string;
};

export const emptyCouponForm: CouponFormValues = {
  code: '',
  kind: 'percent',
  value: '',
  minOrder: '',
  start: '',
  end: '',
  maxUses: '',
  maxUsesPerUser: '',
};

/** Fill the edit form from a stored coupon. */
export function couponToForm(c: Coupon): CouponFormValues {
  return {
    code: c.code,
    kind: c.kind,
    value: String(c.value),
    minOrder: String(c.minOrder),
    start: isoToIstInput(c.start),
    end: isoToIstInput(c.end),
    maxUses: c.maxUses === null ? '' : String(c.maxUses),
    maxUsesPerUser: c.maxUsesPerUser === null ? '' : String(c.maxUsesPerUser),
  };
}

/** '' -> `empty`; a number -> itself; anything else -> undefined (unreadable). */
function readNumber<E>(text: string, empty: E): number | E | undefined {
  const t = text.trim();
  if (!t) return empty;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The body to send, or null when the code, value or a date is missing or a number unreadable
 * ('Fill all details'). The server judges the rules (code letters, value ranges, start < end).
 * An empty minimum is 0; an empty limit is no limit (null).
 */
export function readCouponForm(values: CouponFormValues): CouponInput | null {
  const code = values.code.trim().toUpperCase();
  const value = readNumber(values.value, undefined);
  const minOrder = readNumber(values.minOrder, 0);
  const maxUses = readNumber(values.maxUses, null);
  const maxUsesPerUser = readNumber(values.maxUsesPerUser, null);
  const start = istInputToIso(values.start);
  const end = istInputToIso(values.end);
  if (!code || !start || !end) return null;
  if (value === undefined || minOrder === undefined || maxUses === undefined || maxUsesPerUser === undefined) {
    return null;
  }
  return { code, kind: values.kind, value, minOrder, start, end, maxUses, maxUsesPerUser };
}
