import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DownloadInvoiceButton } from '@/components/ui/download-invoice-button';
import { OrderTimeline } from '@/components/ui/order-timeline';
import { ProductImage } from '@/components/ui/product-image';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatLongDate, formatRupees } from '@/lib/format';
import { notify } from '@/lib/notify';
import type { Order, OrderStatus } from '@/types/api';
import { buyerConfirmationLabel } from '@/utils/cod-confirmation';
import { amountRows } from '@/utils/order-amount';
import { creditText, paymentIdText, paymentText } from '@/utils/payment-method';
import { variantWords } from '@/utils/variants';
import { useCancelOrder } from '../api/cancel-order';
import { deliveryText } from '../utils/delivery-line';

const STATUS_BADGE: Record<OrderStatus, string> = {
  Pending: 'badge-warning',
  Confirmed: '',
  Shipped: '',
  'Out for delivery': '',
  Delivered: 'badge-success',
  Cancelled: 'badge-neutral',
  'Returned to origin': 'badge-neutral',
};

type OrderCardProps = {
  order: Order;
  /** Under the facts: what the screen adds about the order (its returns). */
  children?: ReactNode;
  /** In the footer, before Download invoice (`Return or exchange`). */
  actions?: ReactNode;
};

/**
 * One of my orders: id, date, address (and the place of supply), invoice number, products,
 * Delivery, status, how it is paid, payment id, total, Download invoice, Cancel Order.
 */
export function OrderCard({ order, children, actions }: OrderCardProps) {
  const cancel = useCancelOrder();
  // The server says whether cancelling is allowed now and, when not, why (the spec's toast).
  const refusal = order.actions.cancel.allowed ? null : (order.actions.cancel.reason ?? 'Order cannot be cancelled');
  const delivery = deliveryText(order);

  const onCancel = async () => {
    if (refusal) {
      notify.error(refusal);
      return;
    }
    try {
      const reply = await cancel.mutateAsync(order._id);
      notify.success(reply.message || 'Order Cancelled Successfully');
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to cancel order'));
    }
  };

  return (
    <article className="order card" aria-labelledby={`order-${order._id}`}>
      <header className="order-head">
        <div>
          <h2 id={`order-${order._id}`} className="order-id">
            Order ID: <span>{order._id}</span>
          </h2>
          <p className="muted order-date">
            Placed on <time dateTime={order.createdAt}>{formatLongDate(order.createdAt)}</time>
          </p>
        </div>
      </header>

      <OrderTimeline order={order} />

      <ul className="order-products">
        {order.products.map((line, i) => (
          <li key={`${line._id}-${i}`} className="order-product">
            <ProductImage
              // `photo` is always this product's photo address (the server's order JSON): ask for its small width.
              photo={{ id: line._id }}
              sizes="64px"
              alt={line.name}
              width={64}
              height={64}
              className="order-product-photo"
            />
            <div>
              <p className="order-product-name">
                <Link to={paths.product.getHref(line._id)}>{line.name}</Link>
              </p>
              <p className="muted order-product-meta">
                {[line.category?.name, variantWords(line.color, line.type)].filter(Boolean).join(' · ')}
              </p>
            </div>
            <p className="order-product-qty">Quantity: {line.quantity}</p>
          </li>
        ))}
      </ul>

      <dl className="order-facts">
        <div>
          <dt>Shipping address</dt>
          <dd>
            {order.address}
            {order.state ? <span className="order-supply">Place of supply: {order.state}</span> : null}
          </dd>
        </div>
        {order.replaces ? (
          <div>
            <dt>Exchange for</dt>
            <dd className="order-replaces">Order ID {order.replaces}</dd>
          </div>
        ) : null}
        {order.invoiceNo ? (
          <div>
            <dt>Invoice</dt>
            <dd className="order-invoice">{order.invoiceNo}</dd>
          </div>
        ) : null}
        {delivery ? (
          <div>
            <dt>Delivery</dt>
            <dd>{delivery}</dd>
          </div>
        ) : null}
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`badge ${STATUS_BADGE[order.status] ?? 'badge-neutral'}`}>{order.status}</span>
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>
            {paymentText(order)}
            {creditText(order) ? <span className="order-supply">{creditText(order)}</span> : null}
          </dd>
        </div>
        {buyerConfirmationLabel(order) ? (
          <div>
            <dt>Cash on delivery</dt>
            <dd className="order-cod-confirmation">{buyerConfirmationLabel(order)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Payment ID</dt>
          <dd className="order-payment">{paymentIdText(order)}</dd>
        </div>
        {amountRows(order).map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
        <div>
          <dt>Total price</dt>
          <dd className="order-total">{formatRupees(order.amount)}</dd>
        </div>
      </dl>

      {children}

      <footer className="order-foot">
        {actions}
        <DownloadInvoiceButton order={order} />
        <button
          type="button"
          className="btn btn-danger btn-sm"
          aria-disabled={refusal !== null || cancel.isPending}
          title={refusal ?? undefined}
          onClick={() => void onCancel()}
        >
          {cancel.isPending ? 'Cancelling...' : 'Cancel Order'}
        </button>
      </footer>
    </article>
  );
}
