import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { formatRupees } from '@/lib/format';
import { notify } from '@/lib/notify';
import type { Order } from '@/types/api';
import { confirmationLabel } from '@/utils/cod-confirmation';
import { amountRows } from '@/utils/order-amount';
import { isAwaitingCash, isCashOnDelivery, paymentIdText, paymentText } from '@/utils/payment-method';
import { isDeliveryFailed, isShippable } from '@/utils/shipment';
import { useDeleteOrder } from '../api/delete-order';
import { useAllOrders } from '../api/get-all-orders';
import { useMarkOrderPaid } from '../api/mark-order-paid';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { orderUserName } from '../utils/admin-format';
import { ORDER_FILTERS, countOrders, filterOrders, parseOrderFilter, type OrderFilter } from '../utils/order-filters';
import { saveWithToast } from '../utils/save-with-toast';
import { AdminTable } from './admin-table';
import { DeleteButton } from './delete-button';
import { ShipDialog } from './ship-dialog';

/**
 * Set an order's status; toasts the server's message or 'Failed to update order status.'. The
 * statuses offered are the ones the server says may be set now (`actions.statuses`, decisions
 * D30), beside the current one; with none, the select is off.
 */
export function StatusSelect({ order, label, id }: { order: Order; label: string; id?: string }) {
  const update = useUpdateOrderStatus();
  const settable: readonly string[] = order.actions.statuses;
  const options = settable.includes(order.status) ? [...settable] : [order.status, ...settable];
  return (
    <select
      id={id}
      aria-label={id ? undefined : label}
      value={order.status}
      disabled={update.isPending || settable.length === 0}
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
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </select>
  );
}

/** Why Delete (cancel) is off, shown as its tooltip: the server's reason; `undefined` when allowed. */
const notCancellable = (order: Order): string | undefined =>
  order.actions.cancel.allowed ? undefined : (order.actions.cancel.reason ?? 'This order cannot be cancelled');

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
      disabledReason={notCancellable(order)}
      onDone={onDone}
    />
  );
}

/**
 * `Mark paid` while the server offers it (`actions.markPaid`; nothing otherwise): records the
 * cash as received, toasts `Payment recorded` or the server's refusal.
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

/** What the status cell adds: courier, AWB and Track once shipped; `Ship` while the server offers it. */
function Shipment({ order, onShip }: { order: Order; onShip: (order: Order) => void }) {
  const { shipment } = order;
  if (shipment) {
    return (
      <span className="admin-shipment">
        <span>{shipment.courier}</span>
        <span className="admin-awb">{shipment.awb}</span>
        {shipment.trackingUrl && /^https?:\/\//i.test(shipment.trackingUrl) ? (
          <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
            Track
          </a>
        ) : null}
      </span>
    );
  }
  if (!isShippable(order)) return null;
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm admin-ship"
      aria-label={`Ship order ${order._id}`}
      onClick={() => onShip(order)}
    >
      Ship
    </button>
  );
}

/**
 * The buyer's answer to `Confirm your cash on delivery order` while the order waits to ship:
 * `Confirmed`, `Awaiting` or `Unanswered`, as the server reports it (decisions D39).
 */
export function ConfirmationChip({ order }: { order: Order }) {
  const label = confirmationLabel(order);
  if (!label || !isShippable(order)) return null;
  return <span className={`cod-chip is-${order.codConfirmation ?? ''}`}>{label}</span>;
}

/** The status cell: the status, a failed last attempt said in red, the COD answer, and the shipment. */
function StatusCell({ order, onShip }: { order: Order; onShip: (order: Order) => void }) {
  return (
    <>
      {order.status}
      {isDeliveryFailed(order) ? <span className="admin-status-note">Delivery failed</span> : null}
      <ConfirmationChip order={order} />
      <Shipment order={order} onShip={onShip} />
    </>
  );
}

const EMPTY: Record<OrderFilter, string> = {
  all: 'No orders yet.',
  'to-ship': 'Nothing to ship.',
  'in-transit': 'No order is with a courier.',
  'delivery-failed': 'No failed deliveries.',
  returned: 'No order came back.',
};

/** The filter chips, each with how many orders it shows; the chosen one is pressed. */
function FilterChips({
  counts,
  filter,
  onPick,
}: {
  counts: Record<OrderFilter, number> | null;
  filter: OrderFilter;
  onPick: (filter: OrderFilter) => void;
}) {
  return (
    <div className="admin-chips" role="group" aria-label="Show orders">
      {ORDER_FILTERS.map(({ key, label }) => (
        <button
          key={key}
          type="button"
          className={`admin-chip${key === 'delivery-failed' && counts?.[key] ? ' is-alert' : ''}`}
          aria-pressed={filter === key}
          onClick={() => onPick(key)}
        >
          {label}
          {/* The space keeps `To ship 3` two words for screen readers; flex drops it on screen. */}
          {counts ? (
            <>
              {' '}
              <span className="admin-chip-count">{counts[key]}</span>
            </>
          ) : null}
        </button>
      ))}
    </div>
  );
}

/**
 * /admin/orders: every order with its status (and shipment), status dropdown, Edit link and Delete;
 * chips to show only the orders `To ship` (oldest first), `In transit`, `Delivery failed` or
 * `Returned to origin`; `Ship` per order, and boxes to tick for `Ship selected`.
 */
export function OrdersTable() {
  const orders = useAllOrders();
  const [params, setParams] = useSearchParams();
  const filter = parseOrderFilter(params.get('show'));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [shipping, setShipping] = useState<readonly Order[] | null>(null);

  const counts = useMemo(() => (orders.data ? countOrders(orders.data) : null), [orders.data]);
  const shown = useMemo(() => (orders.data ? filterOrders(orders.data, filter) : undefined), [orders.data, filter]);
  const shippable = useMemo(() => (shown ?? []).filter(isShippable), [shown]);
  // Only what is on screen and still waiting counts: an order shipped elsewhere drops out.
  const chosen = shippable.filter((o) => selected.has(o._id));
  const allChosen = shippable.length > 0 && chosen.length === shippable.length;

  const pick = (next: OrderFilter) => {
    setSelected(new Set());
    setParams(next === 'all' ? {} : { show: next }, { replace: true });
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="admin-orders">
      <FilterChips counts={counts} filter={filter} onPick={pick} />
      {shippable.length > 0 ? (
        <div className="admin-toolbar">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={chosen.length === 0}
            onClick={() => setShipping(chosen)}
          >
            Ship selected
            {chosen.length > 0 ? (
              <>
                {' '}
                <span className="admin-chip-count">{chosen.length}</span>
              </>
            ) : null}
          </button>
          <span className="muted">
            {chosen.length === 0
              ? 'Tick the orders to ship together.'
              : `${chosen.length} of ${shippable.length} chosen`}
          </span>
        </div>
      ) : null}
      <AdminTable
        list={{ isPending: orders.isPending, isError: orders.isError, data: shown }}
        loading="Loading orders"
        failed="Failed to fetch orders"
        empty={EMPTY[filter]}
        headers={[
          // Its words show on a phone, where the headings are hidden and this box sits above the cards.
          <label key="all" className="admin-select-all">
            <input
              type="checkbox"
              checked={allChosen}
              disabled={shippable.length === 0}
              onChange={(e) => setSelected(e.target.checked ? new Set(shippable.map((o) => o._id)) : new Set())}
            />
            <span className="label-on-phone">Select every order to ship</span>
          </label>,
          'OrderId',
          'PaymentId',
          'User name',
          'Amount',
          'Address',
          'Status',
          'Change status',
        ]}
        actions={['Edit', 'Delete']}
        rowClassName={(order) => (selected.has(order._id) && isShippable(order) ? 'is-selected' : undefined)}
        cells={(order) => (
          <>
            <td className="admin-select">
              {isShippable(order) ? (
                <input
                  type="checkbox"
                  aria-label={`Select order ${order._id}`}
                  checked={selected.has(order._id)}
                  onChange={(e) => toggle(order._id, e.target.checked)}
                />
              ) : null}
            </td>
            <td className="admin-id">{order._id}</td>
            <td className="admin-id">{paymentIdText(order)}</td>
            <td>{orderUserName(order.user)}</td>
            <td>
              {formatRupees(order.amount)}
              {amountRows(order).map((row) => (
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
            <td>
              <StatusCell order={order} onShip={(o) => setShipping([o])} />
            </td>
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
      {shipping ? (
        <ShipDialog
          orders={shipping}
          onClose={() => setShipping(null)}
          onShipped={(ids) => setSelected((now) => new Set([...now].filter((id) => !ids.includes(id))))}
        />
      ) : null}
    </div>
  );
}
