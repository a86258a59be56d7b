import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Order } from '@/types/api';
import type { CheckoutLine } from './create-payment';

export type PlaceOrderInput = {
  products: CheckoutLine[];
  address: string;
  pincode: string;
  amount: number;
  paymentId: string;
  orderId: string;
  signature: string;
  /** An applied coupon's code; `amount` is then the amount after it. */
  coupon?: string;
  /** The place of supply the shopper chose (a name from `GET /delivery/states`). */
  state?: string;
  /** `true`: store credit pays min(balance, amount - 1) rupees; `amount` stays the amount before credit. */
  useCredit?: boolean;
  /** `true`: the shopper ticked `Get order updates on WhatsApp`; left out: no messages. */
  whatsapp?: boolean;
};

export const placeOrder = (input: PlaceOrderInput) =>
  api.post<Ok<{ message: string; order: Order }>>('/order/cart', input);

export const usePlaceOrder = () =>
  useInvalidatingMutation({
    mutationFn: placeOrder,
    invalidates: [
      queryKeys.orders.all,
      // Stock changed.
      queryKeys.products.all,
      // Store credit paid part of it.
      queryKeys.credit.all,
    ],
    refetchAfter: 'success',
  });
