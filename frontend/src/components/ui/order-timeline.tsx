import { Fragment } from 'react';
import { formatStepTime } from '@/lib/format';
import type { Order, StatusChange } from '@/types/api';
import { orderTimeline, type StepState } from '@/utils/order-timeline';
import './order-timeline.css';

type OrderTimelineProps = {
  order: Pick<Order, '_id' | 'status' | 'createdAt' | 'shipment'>;
  /** The order's history (`GET /order/get-order/{id}`, the admin's page): dates Confirmed and the ends. */
  history?: readonly StatusChange[];
  /** Today, for whether a date needs its year (tests pass one). */
  now?: Date;
  /** Show `Track` under the steps (the admin's page has it in its shipment panel instead). */
  track?: boolean;
};

/** Said to screen readers after each step's label: the current one has `aria-current` instead. */
const SPOKEN_STATE: Record<StepState, string> = { done: 'done', current: '', upcoming: 'not yet' };

/**
 * Where an order is on its way (decisions section 15): a list of dots joined by a line, upright
 * on a phone and across on a wider card, the current step `aria-current="step"`; a `Track` link
 * to the courier's page when the shipment has one.
 */
export function OrderTimeline({ order, history, now, track = true }: OrderTimelineProps) {
  const steps = orderTimeline(order, history);
  // The server only keeps http(s) addresses; a link is never anything else.
  const trackingUrl = /^https?:\/\//i.test(order.shipment?.trackingUrl ?? '') ? order.shipment?.trackingUrl : null;
  return (
    <div className="timeline-box">
      <ol className="timeline" aria-label={`Progress of order ${order._id}`}>
        {steps.map((step) => (
          <li
            key={step.key}
            className={`timeline-step is-${step.state} tone-${step.tone}`}
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            <span className="timeline-dot" aria-hidden="true" />
            <span className="timeline-label">
              {step.label}
              {SPOKEN_STATE[step.state] ? <span className="visually-hidden">, {SPOKEN_STATE[step.state]}</span> : null}
            </span>
            {step.at ? (
              <time className="timeline-time" dateTime={step.at}>
                {formatStepTime(step.at, now)}
              </time>
            ) : null}
            {step.detail ? (
              <span className="timeline-detail">
                {/* Each part (courier, AWB, note) wraps as a whole where it can: an AWB stays on one line. */}
                {step.detail.split(' · ').map((part, i) => (
                  <Fragment key={i}>
                    {i > 0 ? ' · ' : null}
                    <span className="timeline-detail-part">{part}</span>
                  </Fragment>
                ))}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
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
