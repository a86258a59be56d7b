import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { toPricedLines, useCartStore } from '@/features/cart/stores/cart-store';
import { notify } from '@/lib/notify';
import type { PaymentMethod } from '@/types/api';
import { fetchDelivery } from '../api/check-delivery';
import { useCreatePayment } from '../api/create-payment';
import { usePlaceCodOrder } from '../api/place-cod-order';
import { usePlaceOrder } from '../api/place-order';
import { useCouponStore } from '../stores/coupon-store';
import { createAttemptKeys } from '../utils/attempt-key';
import { collectPayment } from '../utils/payment-window';
import { ORDER_PLACED, runCheckout, runCodCheckout, type CheckoutInput } from '../utils/run-checkout';

export type CheckoutRequest = Omit<CheckoutInput, 'lines'> & { method?: PaymentMethod };

/**
 * Place Order for the cart, paying online (validation, payment window, order) or cash on
 * delivery (validation, `POST /order/cod`); toasts the outcome. Either way a placed order
 * empties the cart and the coupon.
 */
export function useCheckout() {
  const queryClient = useQueryClient();
  const createPayment = useCreatePayment();
  const placeOrder = usePlaceOrder();
  const placeCodOrder = usePlaceCodOrder();
  const [busy, setBusy] = useState(false);
  // One Idempotency-Key per cash on delivery attempt, kept for a retry of the same one.
  const [attempts] = useState(createAttemptKeys);

  const checkout = async ({ method = 'online', ...request }: CheckoutRequest): Promise<boolean> => {
    const { lines, clear } = useCartStore.getState();
    const user = useAuthStore.getState().user;
    const priced = toPricedLines(lines).map((p, i) => {
      const line = lines[i]!;
      return { ...p, _id: line._id, productno: line.productno, quantity: line.quantity };
    });
    const input = { ...request, lines: priced };
    const checkDelivery = (pin: string) => fetchDelivery(queryClient, pin);
    setBusy(true);
    try {
      const outcome =
        method === 'cod'
          ? await runCodCheckout(input, {
              checkDelivery,
              placeCodOrder: (order) =>
                attempts.send(JSON.stringify([user?._id, order]), (idempotencyKey) =>
                  placeCodOrder.mutateAsync({ order, idempotencyKey }),
                ),
            })
          : await runCheckout(input, {
              checkDelivery,
              createPayment: (body) => createPayment.mutateAsync(body),
              collectPayment: (order) =>
                collectPayment(order, { name: user?.name, email: user?.email, contact: user?.phone }),
              placeOrder: (body) => placeOrder.mutateAsync(body),
            });
      if (outcome.ok) {
        notify.success(method === 'cod' ? (outcome.message ?? ORDER_PLACED) : 'Payment successful!');
        clear();
        useCouponStore.getState().clear();
        return true;
      }
      notify.error(outcome.message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { checkout, busy };
}
