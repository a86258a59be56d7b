import { useQuery } from '@tanstack/react-query';
import { deliveryQueryOptions } from '../api/check-delivery';
import { isValidPincode } from '../utils/pincode';

export type CodOffer = {
  /** Whether the cart offers `Cash on Delivery` for the pincode typed. */
  offered: boolean;
  /** What the cart says instead where the server offers none; `null` otherwise. */
  notice: string | null;
};

/**
 * Cash on delivery for the cart's pincode (decisions D38): what the server's `cod` says for it,
 * read from the same cached pincode check the State select and `Delivery by` ask. The cart
 * restates no rule: until a six-digit pincode is answered, and where the shop does not deliver
 * at all (placing the order says so), both ways to pay stay offered.
 */
export function useCodOffer(pincode: string): CodOffer {
  const pin = pincode.trim();
  const valid = isValidPincode(pin);
  const delivery = useQuery({ ...deliveryQueryOptions(pin), enabled: valid });
  const check = valid ? delivery.data : undefined;
  if (!check?.deliverable || check.cod !== false) return { offered: true, notice: null };
  return { offered: false, notice: `Cash on delivery isn't available for ${pin}. Pay online instead.` };
}
