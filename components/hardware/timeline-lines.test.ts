import { describe, expect, it } from 'vitest';
import type { HardwareTimeline, TimelineEvent } from '@/server/schemas/boot-progress';
import { detailText, stepSummary, timelineLines } from './timeline-lines';

let id = 0;
const event = (at: number, partial: Partial<TimelineEvent>): TimelineEvent => ({
  id: String(++id),
  at: new Date(Date.UTC(2026, 11, 6, 8, 0, at)).toISOString(),
  state: 'provisioning',
  step: null,
  detail: {},
  message: null,
  machine: null,
  run: 2,
  ...partial,
});

describe('detailText', () => {
  it.each([
    ['download', { bytes: '32000000', total: '64000000' }, '32.0 MB of 64.0 MB (50%)'],
    ['download', { bytes: '5' }, '5 B'],
    ['download', { bytes: 'lots' }, ''],
    ['disk-chosen', { path: '/dev/vda', bytes: '8589934592' }, '/dev/vda, 8.6 GB'],
    ['verified', { sha256: 'a'.repeat(64) }, 'sha256 aaaaaaaaaaaa…'],
    ['wiped', { disk: '/dev/sda' }, '/dev/sda'],
    ['network-up', { ip: '10.0.0.5' }, ''],
    ['installer-started', { simulated: 'lab' }, 'simulated (lab)'],
  ] as const)('%s %j', (step, detail, text) => {
    expect(detailText(step, detail)).toBe(text);
  });
});

describe('stepSummary', () => {
  it('names a failure by its step', () => {
    expect(stepSummary({ step: 'failed', at: '', detail: { step: 'verified' } })).toBe('Failed at Verified');
    expect(stepSummary({ step: 'failed', at: '', detail: {} })).toBe('Failed');
    expect(stepSummary({ step: 'written', at: '', detail: { bytes: '1000' } })).toBe('Written · 1.0 KB');
  });
});

describe('timelineLines', () => {
  it('folds downloads in a row into one line with the latest bytes and the rate, the unstored report last', () => {
    const timeline: HardwareTimeline = {
      mac: 'aa:bb:cc:dd:ee:ff',
      run: 2,
      events: [
        event(0, { state: 'claimed', machine: 'lab/m1', run: 1 }),
        event(1, { step: 'script-served' }),
        event(2, { step: 'download', detail: { bytes: '0', total: '100000000' } }),
        event(7, { step: 'download', detail: { bytes: '50000000', total: '100000000' } }),
      ],
      latest: {
        step: 'download',
        at: new Date(Date.UTC(2026, 11, 6, 8, 0, 12)).toISOString(),
        detail: { bytes: '100000000', total: '100000000' },
      },
    };
    const lines = timelineLines(timeline);
    expect(lines.map((line) => [line.label, line.current])).toEqual([
      ['Claimed by lab/m1', false],
      ['Script served', true],
      ['Downloading image', true],
    ]);
    expect(lines[2]?.text).toBe('100 MB of 100 MB (100%)');
    expect(lines[2]?.rate).toBe(10_000_000);
  });

  it('a failure names its step and carries the reason', () => {
    const lines = timelineLines({
      mac: 'aa:bb:cc:dd:ee:ff',
      run: 2,
      latest: null,
      events: [
        event(1, { step: 'download', detail: { bytes: '10' } }),
        event(2, { step: 'failed', state: 'failed', detail: { step: 'download' }, message: 'download: 404' }),
      ],
    });
    expect(lines.at(-1)).toMatchObject({ label: 'Failed at Downloading image', reason: 'download: 404' });
    expect(lines[0]?.rate).toBeNull();
  });
});
