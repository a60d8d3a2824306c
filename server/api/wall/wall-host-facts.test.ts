import { describe, expect, it } from 'vitest';
import { DEFAULT_RACK_SETTINGS } from '../../schemas/rack-settings';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { indexHost } from '../hosts/host-cache';
import { summariseRacks } from '../racks/rack-view';
import { wallHostChanged } from './wall-host-facts';
import { buildWallView } from './wall-view';

const NOW = Date.parse('2026-12-07T12:00:00Z');

function host(): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: {
      namespace: 'bench',
      name: 'r1-n01',
      resourceVersion: '1',
      creationTimestamp: '2026-12-07T10:00:00Z' as unknown as Date,
      labels: { 'rackpilot.io/rack': 'r1', 'rackpilot.io/flavor': 'worker', 'rackpilot.io/rack-slot': '3' },
      annotations: {},
    },
    spec: { online: true },
    status: {
      provisioning: { state: 'available' },
      operationalStatus: 'OK',
      poweredOn: true,
      lastUpdated: '2026-12-07T11:00:00Z',
    },
  } as unknown as BareMetalHost;
}

/** The host changed by `edit` on a copy, at the next resourceVersion. */
function changed(edit: (host: BareMetalHost) => void): BareMetalHost {
  const next = structuredClone(host());
  next.metadata.resourceVersion = '2';
  edit(next);
  return next;
}

/** What the wall shows of a fleet of this one host: its board and its racks tile, drawn. */
function wallShows(one: BareMetalHost): string {
  const board = buildWallView({ buildId: 'b', now: NOW, hosts: [one], clusters: [], services: [] });
  const racks = summariseRacks([{ host: one, indexed: indexHost(one) }], DEFAULT_RACK_SETTINGS, true);
  return JSON.stringify({ board, racks });
}

const labels = (h: BareMetalHost) => (h.metadata.labels ??= {});
const annotations = (h: BareMetalHost) => (h.metadata.annotations ??= {});
const status = (h: BareMetalHost) => h.status as NonNullable<BareMetalHost['status']>;

const unseen: [string, (h: BareMetalHost) => void][] = [
  ['a flavor label', (h) => (labels(h)['rackpilot.io/flavor'] = 'storage')],
  ['a new label of its own', (h) => (labels(h)['example.com/note'] = 'x')],
  ['a note annotation', (h) => (annotations(h)['example.com/note'] = 'y')],
  ['the resourceVersion only', () => undefined],
];

const seen: [string, (h: BareMetalHost) => void][] = [
  ['its power', (h) => (status(h).poweredOn = false)],
  ['its provisioning state', (h) => (status(h).provisioning = { state: 'inspecting' })],
  ['an error', (h) => Object.assign(status(h), { errorType: 'inspection error', errorMessage: 'gone' })],
  ['a tenant cluster claiming it', (h) => (labels(h)['sip.airshipit.org/cluster-name'] = 'c1')],
  ['detached', (h) => (annotations(h)['baremetalhost.metal3.io/detached'] = '')],
  ['powered off by spec', (h) => (h.spec.online = false)],
  ['its rack', (h) => (labels(h)['rackpilot.io/rack'] = 'r2')],
  ['its slot', (h) => (labels(h)['rackpilot.io/rack-slot'] = '7')],
  ['its height', (h) => (annotations(h)['rackpilot.io/rack-units'] = '2')],
];

describe('wallHostChanged', () => {
  it.each(unseen)('a change of %s leaves the wall as it was, so it is not rebuilt', (_, edit) => {
    const after = changed(edit);
    expect(wallShows(after)).toBe(wallShows(host()));
    expect(wallHostChanged(after, host(), DEFAULT_RACK_SETTINGS)).toBe(false);
  });

  it.each(seen)('a change of %s changes the wall, and rebuilds it', (_, edit) => {
    const after = changed(edit);
    expect(wallShows(after)).not.toBe(wallShows(host()));
    expect(wallHostChanged(after, host(), DEFAULT_RACK_SETTINGS)).toBe(true);
  });

  it('a host added or deleted (no previous version) rebuilds the wall', () => {
    expect(wallHostChanged(host(), undefined, DEFAULT_RACK_SETTINGS)).toBe(true);
  });
});
