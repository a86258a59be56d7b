import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { deliveryQueryOptions } from '../api/check-delivery';
import { isValidPincode } from '../utils/pincode';

export type PlaceOfSupply = {
  /** The state to send with the order; '' for none (the server then works it out from the pincode). */
  state: string;
  /** The shopper chose in the `State` select. */
  pick: (state: string) => void;
  /** Back to following the pincode (after an order is placed). */
  reset: () => void;
};

/**
 * The cart's `State` select (decisions D16: the place of supply on the GST invoice).
 *
 * The rule: until the shopper picks a state by hand, the select shows the state the pincode
 * check names for the 6-digit pincode typed (the same cached `GET /delivery/{pincode}` the
 * checkout asks), so another pincode pre-fills another state, and no pincode, or one whose
 * state is unknown, leaves `Select state`. Once they pick an option themselves (the
 * `Select state` placeholder too), their choice wins, whatever pincode they type after, until
 * the order is placed.
 */
export function usePlaceOfSupply(pincode: string): PlaceOfSupply {
  const pin = pincode.trim();
  const valid = isValidPincode(pin);
  const delivery = useQuery({ ...deliveryQueryOptions(pin), enabled: valid });
  const [picked, setPicked] = useState<string | null>(null);
  const fromPincode = valid ? (delivery.data?.state ?? '') : '';
  return { state: picked ?? fromPincode, pick: setPicked, reset: () => setPicked(null) };
}
