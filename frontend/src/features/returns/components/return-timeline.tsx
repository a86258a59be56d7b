import { formatStepTime } from '@/lib/format';
import type { Return } from '@/types/api';
import { returnSteps, type ReturnStepState } from '../utils/return-steps';
// The order timeline's picture: the same dots and rail, so a return reads like its order.
import '@/components/ui/order-timeline.css';

const SPOKEN_STATE: Record<ReturnStepState, string> = { done: 'done', current: '', upcoming: 'not yet' };

/**
 * Where a return is (decisions section 16): Requested, Approved, Picked up, Received, Completed,
 * or the end it came to, as dots on a rail, upright on a phone and across on a wider card; the
 * current step `aria-current="step"`, an event's note (why it was rejected) under its step.
 */
export function ReturnTimeline({
  ret,
  now,
}: {
  ret: Pick<Return, 'number' | 'status' | 'events' | 'createdAt'>;
  now?: Date;
}) {
  return (
    <div className="timeline-box">
      <ol className="timeline" aria-label={`Progress of return ${ret.number}`}>
        {returnSteps(ret).map((step) => (
          <li
            key={step.status}
            className={`timeline-step is-${step.state} tone-${step.tone}`}
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            <span className="timeline-dot" aria-hidden="true" />
            <span className="timeline-label">
              {step.status}
              {SPOKEN_STATE[step.state] ? <span className="visually-hidden">, {SPOKEN_STATE[step.state]}</span> : null}
            </span>
            {step.at ? (
              <time className="timeline-time" dateTime={step.at}>
                {formatStepTime(step.at, now)}
              </time>
            ) : null}
            {step.note ? <span className="timeline-detail">{step.note}</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
