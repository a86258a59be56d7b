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
        newSize: null,
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
    actions: { next: nextSteps(overrides.status ?? 'Requested') },
    ...overrides,
  };
}

/** What each admin step moves a return to, and the statuses it may start from. */
const STEPS: Record<string, { to: Return['status']; from: Return['status'][] }> = {
  approve: { to: 'Approved', from: ['Requested'] },
  reject: { to: 'Rejected', from: ['Requested', 'Approved'] },
  'picked-up': { to: 'Picked up', from: ['Approved'] },
  receive: { to: 'Received', from: ['Picked up'] },
  complete: { to: 'Completed', from: ['Received'] },
  cancel: { to: 'Cancelled', from: ['Requested', 'Approved'] },
};

/** The steps the server's `actions.next` offers from `status`: those this table lets start there. */
export function nextSteps(status: Return['status']): ReturnStepName[] {
  return (Object.keys(STEPS) as ReturnStepName[]).filter((step) => STEPS[step]!.from.includes(status));
}

/**
 * `PUT /return/{step}/{id}` over a mutable list, as the server's lifecycle answers them: the
 * return moved (with an event carrying the note), the same step again changes nothing, any other
 * step out of order 409 `Return is STATUS`.
 */
export function returnStepRoutes(store: { returns: Return[] }, now = () => '2024-03-12T06:30:00Z') {
  const route = ({ path, body }: MockRequest): MockReply => {
    const [, , step = '', rawId = ''] = path.split('/');
    const id = decodeURIComponent(rawId);
    const ret = store.returns.find((r) => r._id === id);
    if (!ret) return { status: 404, body: { success: false, message: 'Return not found' } };
    const rule = STEPS[step]!;
    if (ret.status === rule.to) return { body: { success: true, return: ret } };
    if (!rule.from.includes(ret.status)) {
      return { status: 409, body: { success: false, message: `Return is ${ret.status}` } };
    }
    const { note, refundTo } = (body ?? {}) as { note?: string; refundTo?: Return['refundTo'] };
    const next: Return = {
      ...ret,
      status: rule.to,
      refundTo: rule.to === 'Completed' ? (refundTo ?? 'original') : ret.refundTo,
      creditNoteNo: rule.to === 'Completed' ? 'CN/23-24/000001' : ret.creditNoteNo,
      events: [...ret.events, { status: rule.to, at: now(), note: note ?? null }],
      actions: { next: nextSteps(rule.to) },
    };
    store.returns = store.returns.map((r) => (r._id === id ? next : r));
    return { body: { success: true, return: next } };
  };
  return Object.fromEntries(Object.keys(STEPS).map((step) => [`PUT /return/${step}/:id`, route]));
}
