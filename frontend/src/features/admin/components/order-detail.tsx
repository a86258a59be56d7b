import { Fragment } from 'react';
import { useNavigate } from 'react-router';
import { DownloadInvoiceButton } from '@/components/ui/download-invoice-button';
import { Field } from '@/components/ui/field';
import { OrderTimeline } from '@/components/ui/order-timeline';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { lineTotalRupees } from '@/lib/pricing';
import { confirmationLabel } from '@/utils/cod-confirmation';
import { amountRows } from '@/utils/order-amount';
import { creditText, paymentIdText, paymentText } from '@/utils/payment-method';
import { variantWords } from '@/utils/variants';
import { useOrder } from '../api/get-order';
import { formatIst, orderUserName } from '../utils/admin-format';
import { CancelOrderButton, MarkPaidButton, StatusSelect } from './orders-table';
import { ShipmentPanel } from './shipment-panel';

/**
 * /edit-order/{id}: the order's timeline, lines, customer, address (and the place of supply),
 * invoice (with Download invoice), payment (with Mark paid), status, and its shipment (Ship,
 * Packing slip, the courier's steps recorded by hand).
 */
export function OrderDetail({ id }: { id: string }) {
  const order = useOrder(id);
  const navigate = useNavigate();
  if (order.isPending) return <Spinner label="Loading order" />;
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return <p className="notice notice-danger">{missing ? 'Order not found' : 'Failed to fetch orders.'}</p>;
  }
  const { order: o, history, codEvents } = order.data;
  return (
    <section className="admin-section" aria-labelledby="order-title">
      <h1 id="order-title" className="admin-order-title">
        Order {o._id}
      </h1>
      <OrderTimeline order={o} history={history} track={false} />
      <dl className="admin-order-facts">
        <dt>Customer</dt>
        <dd>{orderUserName(o.user)}</dd>
        <dt>Address</dt>
        <dd>
          {o.address}
          {o.pincode ? `, ${o.pincode}` : ''}
          {o.state ? <span className="admin-order-supply">Place of supply: {o.state}</span> : null}
        </dd>
        {o.invoiceNo ? (
          <>
            <dt>Invoice</dt>
            <dd className="admin-order-invoice">
              {o.invoiceNo}
              <DownloadInvoiceButton order={o} />
            </dd>
          </>
        ) : null}
        <dt>Payment</dt>
        <dd className="admin-order-payment">
          {paymentText(o)}
          {creditText(o) ? <span className="admin-order-credit">{creditText(o)}</span> : null}
          <MarkPaidButton order={o} />
        </dd>
        <dt>PaymentId</dt>
        <dd className="admin-id">{paymentIdText(o)}</dd>
        {amountRows(o).map((row) => (
          <Fragment key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </Fragment>
        ))}
        <dt>Amount</dt>
        <dd>{formatRupees(o.amount)}</dd>
        <dt>Placed</dt>
        <dd>{formatIst(o.createdAt)}</dd>
        <dt>Status</dt>
        <dd>{o.status}</dd>
        {confirmationLabel(o) ? (
          <>
            <dt>Buyer&apos;s confirmation</dt>
            <dd>
              {confirmationLabel(o)}
              {codEvents.length > 0 ? (
                <ul className="admin-cod-events" aria-label="Confirmation steps">
                  {codEvents.map((step) => (
                    <li key={step.event}>
                      {step.event} <span className="muted">{formatIst(step.at)}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>
      <Field label="Change status" className="admin-status-field">
        {({ id: selectId }) => <StatusSelect order={o} label="Change status" id={selectId} />}
      </Field>
      <ShipmentPanel order={o} />
      {history.length > 0 ? (
        <>
          <h2 id="order-history-title">History</h2>
          <ol className="admin-order-history" aria-labelledby="order-history-title">
            {history.map((step, i) => (
              <li key={`${step.status}-${i}`}>
                <strong>{step.status}</strong>
                <span>{formatIst(step.at)}</span>
                <span className="muted">{step.by ? `by ${step.by}` : 'by the shop'}</span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <h2>Products</h2>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Category</th>
              <th scope="col">Variant</th>
              <th scope="col">MRP</th>
              <th scope="col">Discount</th>
              <th scope="col">Price</th>
              <th scope="col">Quantity</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {o.products.map((line, i) => (
              <tr key={`${line._id}-${i}`}>
                <td>{line.name}</td>
                <td>{line.category?.name ?? ''}</td>
                <td>{variantWords(line.color, line.type)}</td>
                <td>{formatRupees(line.price)}</td>
                <td>{line.discount}%</td>
                <td>{formatRupees(line.salePrice)}</td>
                <td>{line.quantity}</td>
                <td>{formatRupees(lineTotalRupees(line.salePrice, line.quantity))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="admin-form-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void navigate(paths.admin.orders.getHref())}>
          Back to orders
        </button>
        <CancelOrderButton order={o} onDone={() => void navigate(paths.admin.orders.getHref())} />
      </div>
    </section>
  );
}
