import type { Return, ReturnStatus } from '@/types/api';

export type ReturnStepState = 'done' | 'current' | 'upcoming';
/** Drawn the usual way, as an end off the road (rejected, cancelled), or as the happy end. */
export type ReturnStepTone = 'normal' | 'ended' | 'success';

export type ReturnStep = {
  status: ReturnStatus;
  /** When the return took it (its last event of that status), `null` when not known or not yet. */
  at: string | null;
  /** The event's note: why it was rejected, what QC found. */
  note: string | null;
  state: ReturnStepState;
  tone: ReturnStepTone;
};

/** The road a return takes when nothing stops it. */
export const RETURN_ROAD: readonly ReturnStatus[] = ['Requested', 'Approved', 'Picked up', 'Received', 'Completed'];

/**
 * The steps a return's timeline shows, oldest first (decisions section 16): Requested, Approved,
 * Picked up, Received, Completed, each dated by its event. A rejected or cancelled return ends
 * where it was: the steps it took, then the end, with nothing after it.
 */
export function returnSteps(ret: Pick<Return, 'status' | 'events' | 'createdAt'>): ReturnStep[] {
  const last = (status: ReturnStatus) => ret.events.filter((e) => e.status === status).at(-1) ?? null;
  const dated = (status: ReturnStatus) => {
    const event = last(status);
    return { at: event?.at ?? (status === 'Requested' ? ret.createdAt || null : null), note: event?.note ?? null };
  };

  if (ret.status === 'Rejected' || ret.status === 'Cancelled') {
    // The road's steps it took (by its events; Requested always), then the end.
    const taken = RETURN_ROAD.filter((s) => s === 'Requested' || last(s));
    return [
      ...taken.map((status) => ({ status, ...dated(status), state: 'done' as const, tone: 'normal' as const })),
      { status: ret.status, ...dated(ret.status), state: 'current', tone: 'ended' },
    ];
  }

  const rank = Math.max(0, RETURN_ROAD.indexOf(ret.status));
  return RETURN_ROAD.map((status, i) => {
    const state: ReturnStepState = i < rank ? 'done' : i === rank ? 'current' : 'upcoming';
    const when = state === 'upcoming' ? { at: null, note: null } : dated(status);
    return { status, ...when, state, tone: status === 'Completed' && state === 'current' ? 'success' : 'normal' };
  });
}
