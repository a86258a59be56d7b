import { returnFixture } from '@/testing/return-server';
import { returnSteps } from './return-steps';

const brief = (steps: ReturnType<typeof returnSteps>) => steps.map((s) => `${s.status}:${s.state}:${s.tone}`);

describe('a return on its road', () => {
  it('marks the steps taken, the current one and those still to come', () => {
    const ret = returnFixture({
      status: 'Picked up',
      events: [
        { status: 'Requested', at: '2024-03-10T00:00:00Z', note: null },
        { status: 'Approved', at: '2024-03-11T00:00:00Z', note: null },
        { status: 'Picked up', at: '2024-03-12T00:00:00Z', note: null },
      ],
    });
    const steps = returnSteps(ret);
    expect(brief(steps)).toEqual([
      'Requested:done:normal',
      'Approved:done:normal',
      'Picked up:current:normal',
      'Received:upcoming:normal',
      'Completed:upcoming:normal',
    ]);
    expect(steps.map((s) => s.at)).toEqual([
      '2024-03-10T00:00:00Z',
      '2024-03-11T00:00:00Z',
      '2024-03-12T00:00:00Z',
      null,
      null,
    ]);
  });

  it('ends a cancelled or rejected return where it was, with the note', () => {
    const rejected = returnFixture({
      status: 'Rejected',
      events: [
        { status: 'Requested', at: '2024-03-10T00:00:00Z', note: null },
        { status: 'Approved', at: '2024-03-11T00:00:00Z', note: null },
        { status: 'Rejected', at: '2024-03-12T00:00:00Z', note: 'Worn' },
      ],
    });
    expect(brief(returnSteps(rejected))).toEqual([
      'Requested:done:normal',
      'Approved:done:normal',
      'Rejected:current:ended',
    ]);
    expect(returnSteps(rejected).at(-1)?.note).toBe('Worn');
    expect(brief(returnSteps(returnFixture({ status: 'Cancelled', events: [] })))).toEqual([
      'Requested:done:normal',
      'Cancelled:current:ended',
    ]);
    expect(returnSteps(returnFixture({ status: 'Completed' })).at(-1)?.tone).toBe('success');
  });
});
