import type { V1Node } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { buildOverview, freeHostsByRackAndFlavor, isNodeReady } from './overview-view';
import { DEFAULT_RACK_LABEL_KEYS } from '../../schemas/host-labels';
import { leaseProblem } from './overview-health';

function node(name: string, ready: 'True' | 'False' | 'Unknown' | undefined): V1Node {
  return {
    metadata: { name },
    status: ready ? { conditions: [{ type: 'Ready', status: ready }] } : {},
  };
}

describe('isNodeReady', () => {
  it.each([
    { status: 'True' as const, ready: true },
    { status: 'False' as const, ready: false },
    { status: 'Unknown' as const, ready: false },
    { status: undefined, ready: false },
  ])('Ready=$status → $ready', ({ status, ready }) => {
    expect(isNodeReady(node('n', status))).toBe(ready);
  });
});

describe('buildOverview', () => {
  it('counts ready nodes and objects per kind, sorted by group then kind', () => {
    const view = buildOverview(
      'v1.34.4',
      [node('a', 'True'), node('b', 'False'), node('c', 'True')],
      [
        { kind: 'Vrouter', group: 'contrail.juniper.net', objects: [{}, {}] },
        { kind: 'BareMetalHost', group: 'metal3.io', objects: [{}] },
        { kind: 'Cassandra', group: 'contrail.juniper.net', objects: [] },
      ],
      { attention: { items: [], total: 0 }, unleased: 3 },
      [],
      DEFAULT_RACK_LABEL_KEYS,
    );
    expect(view).toEqual({
      serverVersion: 'v1.34.4',
      nodes: { total: 3, ready: 2 },
      kinds: [
        { kind: 'Cassandra', group: 'contrail.juniper.net', count: 0 },
        { kind: 'Vrouter', group: 'contrail.juniper.net', count: 2 },
        { kind: 'BareMetalHost', group: 'metal3.io', count: 1 },
      ],
      problems: { items: [], total: 0 },
      capacity: { free: [], unleased: 3 },
    });
  });
});

function host(name: string, state: string, labels: Record<string, string>): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name, namespace: 'lab', labels },
    spec: { online: true },
    status: { operationalStatus: 'OK', provisioning: { state: state as 'available' } },
  };
}

describe('freeHostsByRackAndFlavor', () => {
  it('counts free hosts (whyNotFree), per rack × flavor', () => {
    const worker = { 'rackpilot.io/rack': 'rack-1', 'rackpilot.io/flavor': 'worker' };
    expect(
      freeHostsByRackAndFlavor(
        [
          host('a', 'available', worker),
          host('b', 'available', worker),
          host('c', 'available', { ...worker, 'sip.airshipit.org/cluster-name': 't' }),
          host('d', 'provisioned', worker),
          host('e', 'available', { 'rackpilot.io/rack': 'rack-1' }),
          host('f', 'inspecting', worker),
          { ...host('g', 'available', worker), spec: { online: true, consumerRef: { name: 'm' } } },
        ],
        DEFAULT_RACK_LABEL_KEYS,
      ),
    ).toEqual([
      { rack: 'rack-1', flavor: '', count: 1 },
      { rack: 'rack-1', flavor: 'worker', count: 2 },
    ]);
  });

  it('reads the rack from the configured label keys', () => {
    const labels = { 'rackpilot.io/rack': 'ours', 'example.com/row': 'theirs' };
    expect(freeHostsByRackAndFlavor([host('a', 'available', labels)], ['example.com/row'])).toEqual([
      { rack: 'theirs', flavor: '', count: 1 },
    ]);
  });
});

describe('leaseProblem', () => {
  const now = Date.parse('2026-01-01T10:00:00Z');
  it('says when nobody runs the controllers', () => {
    expect(leaseProblem(undefined, now)).toMatch(/no replica holds/);
    expect(leaseProblem({ spec: {} }, now)).toMatch(/no replica holds/);
    const stale = {
      spec: { holderIdentity: 'pod-a', leaseDurationSeconds: 15, renewTime: new Date(now - 60_000) },
    };
    expect(leaseProblem(stale, now)).toBe(
      'the controllers’ leader pod-a stopped renewing its lease 60 s ago',
    );
    const fresh = {
      spec: { holderIdentity: 'pod-a', leaseDurationSeconds: 15, renewTime: new Date(now - 5_000) },
    };
    expect(leaseProblem(fresh, now)).toBeUndefined();
  });
});
