import { describe, expect, it } from 'vitest';
import type { BareMetalHost } from '../../server/types/crds/bare-metal-host';
import { HandledVersions, hostKey } from './handled-versions';
import { metal3Time } from './metal3-time';

function bmh(name: string, resourceVersion: string): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name, namespace: 'lab', resourceVersion },
    spec: { online: true },
  };
}

describe('HandledVersions: a host version is acted on once', () => {
  it('skips versions acted on or written, takes a newer one and forgets the older ones then', () => {
    const handled = new HandledVersions();
    expect(handled.isNew(bmh('a', '1'))).toBe(true);
    handled.remember(bmh('a', '1'));
    // The step's own writes: a list under way may still show any of them.
    expect(handled.remember(bmh('a', '2')).metadata.resourceVersion).toBe('2');
    expect(handled.isNew(bmh('a', '1'))).toBe(false);
    expect(handled.isNew(bmh('a', '2'))).toBe(false);
    expect(handled.isNew(bmh('b', '1'))).toBe(true);
    // Someone else changed the host: act again, and the old versions no longer count.
    expect(handled.isNew(bmh('a', '3'))).toBe(true);
    expect(handled.isNew(bmh('a', '1'))).toBe(true);
  });

  it('keys hosts by namespace and name', () => {
    expect(hostKey(bmh('r1-wk-01', '1'))).toBe('lab/r1-wk-01');
  });
});

describe('metal3Time', () => {
  it('writes UTC to the second, as Metal3 does', () => {
    expect(metal3Time(Date.UTC(2026, 10, 25, 9, 30, 1, 999))).toBe('2026-11-25T09:30:01Z');
    expect(metal3Time()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });
});
