import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatRupees } from '@/lib/format';
import { notify } from '@/lib/notify';
import type { Order } from '@/types/api';
import { couponRows } from '@/utils/order-amount';
import { isAwaitingCash, isCashOnDelivery, paymentIdText, paymentText } from '@/utils/payment-method';
import { useDeleteOrder } from '../api/delete-order';
import { useAllOrders } from '../api/get-all-orders';
import { useMarkOrderPaid } from '../api/mark-order-paid';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { ORDER_STATUSES, orderUserName } from '../utils/admin-format';
import { saveWithToast } from '../utils/save-with-toast';
import { AdminTable } from './admin-table';
import { DeleteButton } from './delete-button';

/** Set an order's status; toasts the server's message or 'Failed to update order status.'. */
export function StatusSelect({ order, label, id }: { order: Order; label: string; id?: string }) {
  const update = useUpdateOrderStatus();
  const options: string[] = [...ORDER_STATUSES];
  if (!options.includes(order.status)) options.push(order.status);
  return (
    <select
      id={id}
      aria-label={id ? undefined : label}
      value={order.status}
      // A cancelled order's stock and money are back: it stays cancelled.
      disabled={update.isPending || order.status === 'Cancelled'}
      onChange={(e) =>
        update.mutate(
          { id: order._id, status: e.target.value },
          {
            onSuccess: (reply) => notify.success(reply.message ?? 'Order status updated'),
            onError: () => notify.error('Failed to update order status.'),
          },
        )
      }
    >
      {options.map((s) => (
        <option key={s} value={s} disabled={!(ORDER_STATUSES as readonly string[]).includes(s)}>
          {s}
        </option>
      ))}
    </select>
  );
}

const NOT_CANCELLABLE: Partial<Record<Order['status'], string>> = {
  Delivered: 'A delivered order cannot be cancelled',
  Cancelled: 'Already cancelled',
};

/** Cancel (delete) an order after a confirm: the server puts the stock back and refunds. */
export function CancelOrderButton({ order, onDone }: { order: Order; onDone?: () => void }) {
  const cancel = useDeleteOrder();
  return (
    <DeleteButton
      mutation={cancel}
      id={order._id}
      confirm={`Cancel order ${order._id}? The stock goes back and the payment is refunded.`}
      success={(reply) => reply.message ?? 'Order Cancelled Successfully'}
      failure="Failed to cancel order"
      disabledReason={NOT_CANCELLABLE[order.status]}
      onDone={onDone}
    />
  );
}

/**
 * `Mark paid` for a cash on delivery order not paid and not cancelled (nothing otherwise): records
 * the cash as received, toasts `Payment recorded` or the server's refusal.
 */
export function MarkPaidButton({ order }: { order: Order }) {
  const markPaid = useMarkOrderPaid();
  if (!isAwaitingCash(order)) return null;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm admin-mark-paid"
      disabled={markPaid.isPending}
      onClick={() =>
        void saveWithToast(
          () => markPaid.mutateAsync(order._id),
          (reply) => reply.message || 'Payment recorded',
          'Failed to record the payment',
        )
      }
    >
      Mark paid
    </button>
  );
}

/** /admin/orders: every order with its status dropdown, Edit link and Delete (cancel). */
export function OrdersTable() {
  const orders = useAllOrders();
  return (
    <AdminTable
      list={orders}
      loading="Loading orders"
      failed="Failed to fetch orders"
      empty="No orders yet."
      headers={['OrderId', 'PaymentId', 'User name', 'Amount', 'Address', 'Status', 'Change status', 'Edit', 'Delete']}
      cells={(order) => (
        <>
          <td className="admin-id">{order._id}</td>
          <td className="admin-id">{paymentIdText(order)}</td>
          <td>{orderUserName(order.user)}</td>
          <td>
            {formatRupees(order.amount)}
            {couponRows(order).map((row) => (
              <span key={row.label} className="admin-amount-note">
                {row.label} {row.value}
              </span>
            ))}
            {isCashOnDelivery(order) ? <span className="admin-payment-note">{paymentText(order)}</span> : null}
            <MarkPaidButton order={order} />
          </td>
          <td>
            {order.address}
            {order.state ? <span className="admin-payment-note">Place of supply: {order.state}</span> : null}
          </td>
          <td>{order.status}</td>
          <td>
            <StatusSelect order={order} label={`Status of order ${order._id}`} />
          </td>
          <td>
            <Link className="btn btn-secondary btn-sm" to={paths.editOrder.getHref(order._id)}>
              Edit
            </Link>
          </td>
          <td>
            <CancelOrderButton order={order} />
          </td>
        </>
      )}
    />
  );
}
