import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { toPricedLines, useCartStore } from '@/features/cart/stores/cart-store';
import { notify } from '@/lib/notify';
import { fetchDelivery } from '../api/check-delivery';
import { useCreatePayment } from '../api/create-payment';
import { usePlaceOrder } from '../api/place-order';
import { useCouponStore } from '../stores/coupon-store';
import { collectPayment } from '../utils/payment-window';
import { runCheckout, type CheckoutInput } from '../utils/run-checkout';

/** Place Order for the cart: validation, payment window, order; toasts the outcome. */
export function useCheckout() {
  const queryClient = useQueryClient();
  const createPayment = useCreatePayment();
  const placeOrder = usePlaceOrder();
  const [busy, setBusy] = useState(false);

  const checkout = async ({ address, pincode, coupon }: Omit<CheckoutInput, 'lines'>): Promise<boolean> => {
    const { lines, clear } = useCartStore.getState();
    const user = useAuthStore.getState().user;
    const priced = toPricedLines(lines).map((p, i) => {
      const line = lines[i]!;
      return { ...p, _id: line._id, productno: line.productno, quantity: line.quantity };
    });
    setBusy(true);
    try {
      const outcome = await runCheckout(
        { lines: priced, address, pincode, coupon },
        {
          checkDelivery: (pin) => fetchDelivery(queryClient, pin),
          createPayment: (input) => createPayment.mutateAsync(input),
          collectPayment: (order) =>
            collectPayment(order, { name: user?.name, email: user?.email, contact: user?.phone }),
          placeOrder: (input) => placeOrder.mutateAsync(input),
        },
      );
      if (outcome.ok) {
        notify.success('Payment successful!');
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
