import { useQuery } from '@tanstack/react-query';
import { deliveryQueryOptions } from '../api/check-delivery';
import { deliveryByText } from '../utils/delivery-by';
import { isValidPincode } from '../utils/pincode';

/**
 * The cart's `Delivery by Thu, 3 Dec` for the pincode typed: the same cached pincode check the
 * State select and the checkout ask (one call per pincode); `null` until a six-digit pincode is
 * known to be served.
 */
export function useDeliveryBy(pincode: string): string | null {
  const pin = pincode.trim();
  const valid = isValidPincode(pin);
  const delivery = useQuery({ ...deliveryQueryOptions(pin), enabled: valid });
  return valid ? deliveryByText(delivery.data) : null;
}
