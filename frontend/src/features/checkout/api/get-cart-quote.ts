import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CartQuote, Ok } from '@/types/api';
import type { CheckoutLine } from './create-payment';

export type CartQuoteInput = { products: CheckoutLine[]; coupon?: string };

/**
 * POST /cart/quote: what these lines cost with the coupon, paid online (`prepaidDiscount` off,
 * `onlineAmount`) and in cash on delivery (`codFee` on, `codAmount`), priced by the server in
 * whole rupees (decisions D41). The amounts are what Place Order sends.
 */
export const getCartQuote = (body: CartQuoteInput, signal?: AbortSignal) =>
  api.post<Ok<CartQuote>>('/cart/quote', body, { signal });

/** The quote of the cart's lines (none asked for an empty cart). */
export function useCartQuote(products: CheckoutLine[], coupon: string | undefined, enabled: boolean) {
  const linesKey = JSON.stringify(products);
  return useQuery({
    queryKey: queryKeys.cart.quote(linesKey, coupon ?? ''),
    queryFn: ({ signal }) => getCartQuote(coupon ? { products, coupon } : { products }, signal),
    enabled: enabled && products.length > 0,
    staleTime: 60_000,
    retry: false,
  });
}
