import { useState } from 'react';
import { useProductsById } from '@/features/catalog/api/get-product';
import { OrderCard } from '@/features/orders/components/order-card';
import { ReturnFlow } from '@/features/returns/components/return-flow';
import { ReturnProgress } from '@/features/returns/components/return-progress';
import { canRequestReturn } from '@/features/returns/utils/returnable';
import type { Order, Return } from '@/types/api';

/** The flow, with the order's products as the catalog has them now (their other sizes). */
function ReturnFlowWithProducts({ order, onClose }: { order: Order; onClose: () => void }) {
  const ids = [...new Set(order.products.map((line) => line._id))];
  const products = useProductsById(ids);
  return (
    <ReturnFlow order={order} products={products} productsLoading={products.length < ids.length} onClose={onClose} />
  );
}

type OrderWithReturnsProps = {
  order: Order;
  /** This order's returns; `undefined` while they load (nothing is offered meanwhile). */
  returns: readonly Return[] | undefined;
  now?: Date;
};

/**
 * One of my orders with its returns (decisions section 16): each return's progress under the
 * order's facts, and `Return or exchange` while the server's `actions.returnable` offer a pair
 * (decisions D30); the flow opens in the card.
 */
export function OrderWithReturns({ order, returns, now }: OrderWithReturnsProps) {
  const [open, setOpen] = useState(false);
  const offered = returns !== undefined && canRequestReturn(order);
  return (
    <OrderCard
      order={order}
      actions={
        offered && !open ? (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpen(true)}>
            Return or exchange
          </button>
        ) : null
      }
    >
      {returns && returns.length > 0 ? (
        <div className="order-returns">
          {returns.map((ret) => (
            <ReturnProgress key={ret._id} ret={ret} now={now} />
          ))}
        </div>
      ) : null}
      {open ? <ReturnFlowWithProducts order={order} onClose={() => setOpen(false)} /> : null}
    </OrderCard>
  );
}
