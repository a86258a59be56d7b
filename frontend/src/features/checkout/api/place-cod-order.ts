import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Order } from '@/types/api';
import type { CheckoutLine } from './create-payment';

/** `POST /order/cod`: the lines, address, pincode, amount (and coupon, state) the online checkout sends. */
export type CodOrderInput = {
  products: CheckoutLine[];
  address: string;
  pincode: string;
  /** Whole rupees to collect (after the coupon). */
  amount: number;
  /** An applied coupon's code; `amount` is then the amount after it. */
  coupon?: string;
  /** The place of supply the shopper chose (a name from `GET /delivery/states`). */
  state?: string;
  /** `true`: store credit pays min(balance, amount - 1) rupees; `amount` stays the amount before credit. */
  useCredit?: boolean;
  /** `true`: the shopper ticked `Get order updates on WhatsApp`; left out: no messages. */
  whatsapp?: boolean;
};

export type PlaceCodOrderInput = {
  order: CodOrderInput;
  /** One checkout attempt's key: the server answers a retry with the order it already wrote. */
  idempotencyKey: string;
};

export type PlacedOrder = Ok<{ message: string; order: Order }>;

export const placeCodOrder = ({ order, idempotencyKey }: PlaceCodOrderInput) =>
  api.post<PlacedOrder>('/order/cod', order, { headers: { 'Idempotency-Key': idempotencyKey } });

export const usePlaceCodOrder = () =>
  useInvalidatingMutation({
    mutationFn: placeCodOrder,
    invalidates: [
      queryKeys.orders.all,
      // Stock changed.
      queryKeys.products.all,
      // Store credit paid part of it.
      queryKeys.credit.all,
    ],
    refetchAfter: 'success',
  });
