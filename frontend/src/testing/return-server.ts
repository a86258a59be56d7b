import type { Return, ReturnStepName } from '@/types/api';
import type { MockReply, MockRequest } from './mock-api';

/** A return as the server answers it (decisions section 16), with overrides. */
export function returnFixture(overrides: Partial<Return> = {}): Return {
  return {
    _id: 'r1',
    number: 'RET-000001',
    orderId: 'o1',
    status: 'Requested',
    lines: [
      {
        line: 0,
        productId: 'p1',
        name: 'Trail Runner',
        size: 'UK 8',
        color: '',
        newSize: null,
        newColor: '',
        quantity: 1,
        reason: 'Too small',
        kind: 'refund',
        amount: 1169,
      },
    ],
    refundAmount: 1169,
    refundTo: null,
    creditNoteNo: null,
    createdAt: '2024-03-10T06:30:00Z',
    events: [{ status: 'Requested', at: '2024-03-10T06:30:00Z', note: null }],
    // What the server offers is the test's to say: nothing unless it gives `actions`.
    actions: { next: [] },
    ...overrides,
  };
}

/**
 * What a return step answers, as the test gives it (the fake decides nothing): the return as it
 * then is (its status, the steps the server then offers, for a completion its credit note), or
 * the server's 409 words (nothing stored).
 */
export type ReturnStepReply =
  { status: Return['status']; next: ReturnStepName[]; creditNoteNo?: string } | { refuse: string };

const STEPS: readonly ReturnStepName[] = ['approve', 'reject', 'picked-up', 'receive', 'complete', 'cancel'];

/**
 * `PUT /return/{step}/{id}` over a mutable list, storing what is sent and answering what the test
 * gives: `replies['approve/r1']` is the reply (or the replies, in turn) of approving r1; the
 * return moved, with an event carrying the note sent and a completion's `refundTo`.
 */
export function returnStepRoutes(
  store: { returns: Return[] },
  replies: Record<string, ReturnStepReply | ReturnStepReply[]>,
  now = () => '2024-03-12T06:30:00Z',
) {
  const queues = new Map(Object.entries(replies).map(([key, reply]) => [key, [reply].flat()]));
  const route = ({ path, body }: MockRequest): MockReply => {
    const [, , step = '', rawId = ''] = path.split('/');
    const id = decodeURIComponent(rawId);
    const ret = store.returns.find((r) => r._id === id);
    if (!ret) return { status: 404, body: { success: false, message: 'Return not found' } };
    const queue = queues.get(`${step}/${id}`);
    const reply = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!reply) throw new Error(`No reply given for ${step} on ${id}`);
    if ('refuse' in reply) return { status: 409, body: { success: false, message: reply.refuse } };
    const { note, refundTo } = (body ?? {}) as { note?: string; refundTo?: Return['refundTo'] };
    const next: Return = {
      ...ret,
      status: reply.status,
      refundTo: refundTo ?? ret.refundTo,
      creditNoteNo: reply.creditNoteNo ?? ret.creditNoteNo,
      events: [...ret.events, { status: reply.status, at: now(), note: note ?? null }],
      actions: { next: reply.next },
    };
    store.returns = store.returns.map((r) => (r._id === id ? next : r));
    return { body: { success: true, return: next } };
  };
  return Object.fromEntries(STEPS.map((step) => [`PUT /return/${step}/:id`, route]));
}
