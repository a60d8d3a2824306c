import { describe, expect, it } from 'vitest';
import type { StepView } from '../schemas/boot-progress';
import { COALESCE_MS, coalesce, installingAt, type Coalescing } from './boot-progress';
import type { HardwareRecord } from './hardware-store';

const view = (step: StepView['step'], bytes = ''): StepView => ({
  step,
  at: '2026-12-06T08:00:00.000Z',
  detail: bytes ? { bytes } : {},
});

describe('coalesce', () => {
  const stored = (pending?: StepView): Coalescing => ({ storedStep: 'download', storedAt: 1_000, pending });

  it.each([
    [
      'nothing written yet',
      { storedStep: undefined, storedAt: 0, pending: undefined },
      view('download'),
      1_000,
      [view('download')],
    ],
    ['a repeat inside the window', stored(), view('download', '2'), 1_000 + COALESCE_MS - 1, 'hold'],
    [
      'a repeat once the window passed',
      stored(),
      view('download', '3'),
      1_000 + COALESCE_MS,
      [view('download', '3')],
    ],
    [
      'a newer repeat replaces the one held',
      stored(view('download', '2')),
      view('download', '3'),
      1_000 + COALESCE_MS,
      [view('download', '3')],
    ],
    [
      'another step writes the held repeat first',
      stored(view('download', '2')),
      view('written', '9'),
      1_500,
      [view('download', '2'), view('written', '9')],
    ],
  ] as const)('%s', (_, state, report, at, writes) => {
    expect(coalesce(state, report, at)).toEqual(writes);
  });
});

describe('installingAt', () => {
  const record = (mac: string, ip: string | null, state: HardwareRecord['state']) =>
    ({ mac, ip, state }) as HardwareRecord;

  it('finds the one MAC installing or wiping from the address, and none when several share it', () => {
    const records = [
      record('aa:00:00:00:00:01', '10.0.0.1', 'provisioning'),
      record('aa:00:00:00:00:02', '10.0.0.2', 'provisioned'),
      record('aa:00:00:00:00:03', '10.0.0.3', 'wiping'),
      record('aa:00:00:00:00:04', '10.0.0.4', 'provisioning'),
      record('aa:00:00:00:00:05', '10.0.0.4', 'wiping'),
    ];
    expect(installingAt(records, '10.0.0.1')).toBe('aa:00:00:00:00:01');
    expect(installingAt(records, '10.0.0.2')).toBeUndefined();
    expect(installingAt(records, '10.0.0.3')).toBe('aa:00:00:00:00:03');
    expect(installingAt(records, '10.0.0.4')).toBeUndefined();
    expect(installingAt(records, '10.0.0.9')).toBeUndefined();
  });
});
