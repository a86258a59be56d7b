import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Ok } from '@/types/api';

export type CheckoutLine = { _id: string; productno: number; quantity: number };

export type CreatePaymentInput = {
  /** Whole rupees. */
  amount: number;
  products: CheckoutLine[];
  address: string;
  pincode: string;
  /** An applied coupon's code; `amount` is then the amount after it. */
  coupon?: string;
  /** The place of supply the shopper chose (a name from `GET /delivery/states`). */
  state?: string;
  /** `true`: store credit pays min(balance, amount - 1) rupees; `amount` stays the amount before credit. */
  useCredit?: boolean;
};

export type PaymentOrder = Ok<{
  /** The provider's order id. */
  id: string;
  /** Paise: the provider order, for the order's amount less `creditUsed`. */
  amount: number;
  /** Whole rupees store credit pays (0 without `useCredit`). */
  creditUsed?: number;
  currency: string;
  key: string;
  provider: 'razorpay' | 'sandbox' | (string & {});
}>;

export const createPayment = ({ amount, ...body }: CreatePaymentInput) =>
  api.post<PaymentOrder>(`/payment/${amount}`, body);

export const useCreatePayment = () => useMutation({ mutationFn: createPayment });
