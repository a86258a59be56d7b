import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { formatLongDay } from '@/lib/format';
import { notify } from '@/lib/notify';
import type { CourierEventStatus, Order } from '@/types/api';
import { eventsOf, isShippable } from '@/utils/shipment';
import { PACKING_SLIP_FAILED, downloadPackingSlip } from '../api/get-packing-slip';
import { useRecordShipmentEvent } from '../api/record-shipment-event';
import { formatIst } from '../utils/admin-format';
import { ShipDialog } from './ship-dialog';

/** The note's limit, as the server's (`Note must be at most 200 characters`). */
const NOTE_MAX = 200;

/** Returned to origin ends the order: the question asked first. */
const returnQuestion = (order: Order) =>
  `Record order ${order._id} as Returned to origin? Its sizes go back into stock` +
  (order.paymentMethod === 'online' ? ' and the payment is refunded in full.' : '.');

/** `Packing slip`: the PDF to stick on the parcel, saved with the admin's token. */
export function PackingSlipButton({ order }: { order: Pick<Order, '_id' | 'shipment'> }) {
  const download = useMutation({
    mutationFn: () => downloadPackingSlip(order._id),
    onError: (error) => notify.error(errorMessage(error, PACKING_SLIP_FAILED)),
  });
  if (!order.shipment) return null;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      disabled={download.isPending}
      onClick={() => download.mutate()}
    >
      {download.isPending ? 'Downloading...' : 'Packing slip'}
    </button>
  );
}

/**
 * What the courier did, recorded by hand (the manual courier): the events the server says may be
 * recorded now (`actions.events`), an optional note, and a confirmation before `Returned to
 * origin` (it restocks and refunds). The server's refusal is shown beside the buttons.
 */
function CourierEvents({ order }: { order: Order }) {
  const id = useId();
  const record = useRecordShipmentEvent();
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const allowed = order.actions.events;
  if (allowed.length === 0) return null;

  const send = (status: CourierEventStatus) => {
    if (status === 'Returned to origin' && !window.confirm(returnQuestion(order))) return;
    setRefusal(null);
    record.mutate(
      { id: order._id, status, note: note.trim() || undefined },
      {
        onSuccess: (reply) => {
          notify.success(reply.message || 'Event recorded');
          setNote('');
        },
        onError: (error) => setRefusal(errorMessage(error, 'Failed to record the event')),
      },
    );
  };

  return (
    <div className="admin-events-form" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Record what the courier did</h3>
      <label className="field">
        <span className="field-label">Note (optional)</span>
        <input
          className="input"
          maxLength={NOTE_MAX}
          placeholder="e.g. Customer not at home"
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <div className="admin-form-actions">
        {allowed.map((status) => (
          <button
            key={status}
            type="button"
            className={`btn btn-sm ${status === 'Returned to origin' ? 'btn-danger' : status === 'Delivered' ? 'btn-primary' : 'btn-secondary'}`}
            disabled={record.isPending}
            onClick={() => send(status)}
          >
            {status}
          </button>
        ))}
      </div>
      {refusal ? (
        <p className="admin-inline-error" role="alert">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The order page's shipment: courier, AWB, dates, `Track`, `Packing slip` and the courier's
 * events once shipped, with the steps to record; `Ship` while it waits.
 */
export function ShipmentPanel({ order }: { order: Order }) {
  const [shipping, setShipping] = useState(false);
  const { shipment } = order;
  const events = eventsOf(order);

  return (
    <section className="admin-shipment-panel" aria-labelledby="order-shipment-title">
      <h2 id="order-shipment-title">Shipment</h2>
      {shipment ? (
        <>
          <dl className="admin-order-facts">
            <dt>Courier</dt>
            <dd>{shipment.courier}</dd>
            <dt>AWB</dt>
            <dd className="admin-id">{shipment.awb}</dd>
            <dt>Shipped</dt>
            <dd>{formatIst(shipment.shippedAt)}</dd>
            {shipment.expectedBy && !shipment.deliveredAt ? (
              <>
                <dt>Expected by</dt>
                <dd>{formatLongDay(shipment.expectedBy)}</dd>
              </>
            ) : null}
            {shipment.deliveredAt ? (
              <>
                <dt>Delivered</dt>
                <dd>{formatIst(shipment.deliveredAt)}</dd>
              </>
            ) : null}
          </dl>
          <div className="admin-form-actions">
            <PackingSlipButton order={order} />
            {shipment.trackingUrl && /^https?:\/\//i.test(shipment.trackingUrl) ? (
              <a
                className="btn btn-secondary btn-sm"
                href={shipment.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                Track
              </a>
            ) : null}
          </div>
          {events.length > 0 ? (
            <>
              <h3 id="order-events-title">Courier events</h3>
              <ol className="admin-order-history" aria-labelledby="order-events-title">
                {events.map((event, i) => (
                  <li key={`${event.at}-${i}`}>
                    <strong>{event.status}</strong>
                    <span>{formatIst(event.at)}</span>
                    {event.location ? <span>{event.location}</span> : null}
                    {event.note ? <span className="muted">{event.note}</span> : null}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
          <CourierEvents order={order} />
        </>
      ) : isShippable(order) ? (
        <div className="admin-form-actions">
          <span className="muted">Not shipped yet.</span>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setShipping(true)}>
            Ship
          </button>
        </div>
      ) : (
        <p className="muted">Not shipped.</p>
      )}
      {shipping ? <ShipDialog orders={[order]} onClose={() => setShipping(false)} /> : null}
    </section>
  );
}
