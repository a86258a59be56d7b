import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { orderQueryOptions } from '@/features/admin/api/get-order';
import { useProductsById } from '@/features/catalog/api/get-product';
import { OrderCard } from '@/features/orders/components/order-card';
import { ReturnFlow } from '@/features/returns/components/return-flow';
import { ReturnProgress } from '@/features/returns/components/return-progress';
import { canRequestReturn, needsHistory } from '@/features/returns/utils/returnable';
import type { Order, Return } from '@/types/api';

/** The flow, with the order's products as the catalog has them now (their other sizes). */
function ReturnFlowWithProducts({
  order,
  returns,
  onClose,
}: {
  order: Order;
  returns: readonly Return[];
  onClose: () => void;
}) {
  const ids = [...new Set(order.products.map((line) => line._id))];
  const products = useProductsById(ids);
  return (
    <ReturnFlow
      order={order}
      returns={returns}
      products={products}
      productsLoading={products.length < ids.length}
      onClose={onClose}
    />
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
 * order's facts, and `Return or exchange` while the order is delivered, within the window, and
 * has pairs not asked for yet; the flow opens in the card.
 */
export function OrderWithReturns({ order, returns, now }: OrderWithReturnsProps) {
  const [open, setOpen] = useState(false);
  // An order set Delivered by hand is dated by its history, which the orders list leaves out
  // (`GET /order/get-order/{id}`, open to its owner, has it). Nothing is offered while it loads;
  // should it fail, `updatedAt` stands in and the server has the last word.
  const historyNeeded = needsHistory(order, now);
  const full = useQuery({ ...orderQueryOptions(order._id), enabled: historyNeeded });
  const history = historyNeeded ? full.data?.history : undefined;
  const offered =
    returns !== undefined && !(historyNeeded && full.isPending) && canRequestReturn(order, returns, now, history);
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
      {open && returns ? (
        <ReturnFlowWithProducts order={order} returns={returns} onClose={() => setOpen(false)} />
      ) : null}
    </OrderCard>
  );
}
