import { TimelineSteps } from '@/components/ui/timeline-steps';
import type { Return } from '@/types/api';
import { returnSteps } from '../utils/return-steps';

/**
 * Where a return is (decisions section 16): Requested, Approved, Picked up, Received, Completed,
 * or the end it came to, drawn as the order's timeline is, so a return reads like its order; an
 * event's note (why it was rejected) under its step.
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
      <TimelineSteps
        label={`Progress of return ${ret.number}`}
        now={now}
        steps={returnSteps(ret).map((step) => ({ ...step, key: step.status, label: step.status, detail: step.note }))}
      />
    </div>
  );
}
