import type { ReactNode } from 'react';
import { formatStepTime } from '@/lib/format';
import type { StepState } from '@/utils/order-timeline';
import './order-timeline.css';

/** One dot of a timeline: its label, when (ISO instant, `null` when not known or not yet), a line under it. */
export type TimelineEntry = {
  key: string;
  label: string;
  at: string | null;
  detail: ReactNode;
  state: StepState;
  /** `tone-{tone}`: `normal`, `danger`, `ended` or `success`. */
  tone: string;
};

/** Said to screen readers after each step's label: the current one has `aria-current` instead. */
const SPOKEN_STATE: Record<StepState, string> = { done: 'done', current: '', upcoming: 'not yet' };

/**
 * Steps as dots joined by a line, upright on a phone and across on a wider card, the current
 * step `aria-current="step"`: an order's road and a return's draw the same.
 */
export function TimelineSteps({ label, steps, now }: { label: string; steps: readonly TimelineEntry[]; now?: Date }) {
  return (
    <ol className="timeline" aria-label={label}>
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
          {step.detail ? <span className="timeline-detail">{step.detail}</span> : null}
        </li>
      ))}
    </ol>
  );
}
