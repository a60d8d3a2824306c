import { describe, expect, it } from 'vitest';
import { informersState } from './health';

const informer = (synced: boolean, backingOff: boolean) => ({
  kind: 'PlunderMachine',
  synced,
  backingOff,
  lastContactAt: 0,
});

describe('informersState', () => {
  it('is ok only when every informer is synced and none backs off', () => {
    expect(informersState([informer(true, false), informer(true, false)])).toBe('ok');
    expect(informersState([informer(true, false), informer(true, true)])).toBe('backing-off');
    expect(informersState([informer(false, true), informer(true, true)])).toBe('not-synced');
    expect(informersState([])).toBe('ok');
  });
});
