import { PINCODE_LENGTH } from '@/config/constants';

export const PINCODE_MESSAGE = 'Enter a valid 6-digit Pincode';

/** Exactly six digits. */
export function isValidPincode(pincode: string): boolean {
  return pincode.length === PINCODE_LENGTH && /^\d+$/.test(pincode);
}
