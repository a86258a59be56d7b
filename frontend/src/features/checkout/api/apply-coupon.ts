import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CouponQuote, Ok } from '@/types/api';
import type { CheckoutLine } from './create-payment';

export type ApplyCouponInput = { code: string; products: CheckoutLine[] };

/**
 * POST /coupon/apply: what the coupon takes off these cart lines, priced by the server (whole
 * rupees). Refusals (400) carry the reason: `Invalid or expired coupon`, `Minimum order for this
 * coupon is ₹N`, `Coupon usage limit reached`.
 */
export const applyCoupon = (body: ApplyCouponInput) => api.post<Ok<CouponQuote>>('/coupon/apply', body);

export const useApplyCoupon = () => useMutation({ mutationFn: applyCoupon });
