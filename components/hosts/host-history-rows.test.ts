import { describe, expect, it } from 'vitest';
import type { EventView } from '@/server/api/object-events';
import { historyRows } from './host-history-rows';

function event(change: Partial<EventView>): EventView {
  return { uid: 'u', type: 'Normal', reason: 'PowerOffRequested', note: '', count: 1, ...change };
}

describe('historyRows', () => {
  it('merges the host operator’s steps with requests naming who asked, newest first', () => {
    const rows = historyRows(
      [
        { operation: 'register', start: '2026-01-01T10:00:00.000Z', end: '2026-01-01T10:01:00.000Z' },
        { operation: 'inspect', start: '2026-01-01T10:02:00.000Z' },
      ],
      [
        event({ uid: 'a', actor: 'alice', lastTime: '2026-01-01T10:05:00.000Z' }),
        event({ uid: 'b', reason: 'LabelsChanged', actor: 'bob', lastTime: '2026-01-01T10:01:30.000Z' }),
        // The host operator's own events are not requests: the Events tab shows them.
        event({
          uid: 'c',
          reason: 'PowerOff',
          source: 'metal3-baremetal-controller',
          lastTime: '2026-01-01T10:06:00.000Z',
        }),
      ],
    );
    expect(rows.map((row) => [row.operation, row.by, row.request])).toEqual([
      ['Power off requested', 'alice', true],
      ['Inspect', 'host operator', false],
      ['Labels changed', 'bob', true],
      ['Register', 'host operator', false],
    ]);
  });

  it('is empty when nothing happened', () => {
    expect(historyRows([], [])).toEqual([]);
  });
});
