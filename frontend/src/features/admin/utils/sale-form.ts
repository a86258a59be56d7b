import type { SaleInput } from '../api/create-sale';
import { istInputToIso } from './admin-format';

/** The sale form as typed: times are `datetime-local` values in India time. */
export type SaleFormValues = { name: string; start: string; end: string; discount: string };

/** The body to send, or null when a detail is missing or unreadable ('Fill all details'). */
export function readSaleForm(values: SaleFormValues): SaleInput | null {
  const name = values.name.trim();
  const start = istInputToIso(values.start);
  const end = istInputToIso(values.end);
  const discountText = values.discount.trim();
  const discount = Number(discountText);
  if (!name || !start || !end || !discountText || !Number.isFinite(discount)) return null;
  return { name, start, end, discount };
}
