import { describe, expect, it } from 'vitest';
import { readyEvents, type Condition, type ReadyVerdict } from './ready-condition';

const ready: ReadyVerdict = { status: 'True', reason: 'Active', message: '3 of 3 pods ready' };
const notReady: ReadyVerdict = { status: 'False', reason: 'PodsNotReady', message: '1 of 3 pods ready' };

function owner(status?: Condition['status']) {
  const conditions: Condition[] = status
    ? [
        {
          type: 'Ready',
          status,
          reason: 'Before',
          message: 'before',
          lastTransitionTime: '2026-01-01T00:00:00Z',
        },
      ]
    : [];
  return { metadata: { generation: 1 }, status: { conditions } };
}

describe('readyEvents', () => {
  it.each<[string, Condition['status'] | undefined, ReadyVerdict, ReturnType<typeof readyEvents>]>([
    [
      'first verdict ready',
      undefined,
      ready,
      [{ type: 'Normal', reason: 'Active', note: '3 of 3 pods ready' }],
    ],
    ['becomes ready', 'False', ready, [{ type: 'Normal', reason: 'Active', note: '3 of 3 pods ready' }]],
    ['stays ready', 'True', ready, []],
    [
      'ceases to be ready',
      'True',
      notReady,
      [{ type: 'Warning', reason: 'PodsNotReady', note: '1 of 3 pods ready' }],
    ],
    ['first verdict not ready: progress', undefined, notReady, []],
    ['stays not ready, for another reason', 'False', notReady, []],
    ['unknown before, not ready now', 'Unknown', notReady, []],
  ])('%s', (_name, before, verdict, events) => {
    expect(readyEvents(owner(before), verdict)).toEqual(events);
  });
});
