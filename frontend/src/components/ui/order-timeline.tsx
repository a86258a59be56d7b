import { Fragment } from 'react';
import type { Order, StatusChange } from '@/types/api';
import { orderTimeline } from '@/utils/order-timeline';
import './order-timeline.css';
import { TimelineSteps } from './timeline-steps';

type OrderTimelineProps = {
  order: Pick<Order, '_id' | 'status' | 'createdAt' | 'shipment'>;
  /** The order's history (`GET /order/get-order/{id}`, the admin's page): dates Confirmed and the ends. */
  history?: readonly StatusChange[];
  /** Today, for whether a date needs its year (tests pass one). */
  now?: Date;
  /** Show `Track` under the steps (the admin's page has it in its shipment panel instead). */
  track?: boolean;
};

/**
 * Where an order is on its way (decisions section 15): a list of dots joined by a line, upright
 * on a phone and across on a wider card, the current step `aria-current="step"`; a `Track` link
 * to the courier's page when the shipment has one.
 */
export function OrderTimeline({ order, history, now, track = true }: OrderTimelineProps) {
  // The server only keeps http(s) addresses; a link is never anything else.
  const trackingUrl = /^https?:\/\//i.test(order.shipment?.trackingUrl ?? '') ? order.shipment?.trackingUrl : null;
  return (
    <div className="timeline-box">
      <TimelineSteps
        label={`Progress of order ${order._id}`}
        now={now}
        steps={orderTimeline(order, history).map((step) => ({
          ...step,
          // Each part (courier, AWB, note) wraps as a whole where it can: an AWB stays on one line.
          detail: step.detail
            ? step.detail.split(' · ').map((part, i) => (
                <Fragment key={i}>
                  {i > 0 ? ' · ' : null}
                  <span className="timeline-detail-part">{part}</span>
                </Fragment>
              ))
            : null,
        }))}
      />
      {track && trackingUrl ? (
        <a
          className="btn btn-secondary btn-sm timeline-track"
          href={trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          Track
        </a>
      ) : null}
    </div>
  );
}
