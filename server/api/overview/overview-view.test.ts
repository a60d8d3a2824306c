import type { V1Node } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { buildOverview, isNodeReady } from './overview-view';

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
    );
    expect(view).toEqual({
      serverVersion: 'v1.34.4',
      nodes: { total: 3, ready: 2 },
      kinds: [
        { kind: 'Cassandra', group: 'contrail.juniper.net', count: 0 },
        { kind: 'Vrouter', group: 'contrail.juniper.net', count: 2 },
        { kind: 'BareMetalHost', group: 'metal3.io', count: 1 },
      ],
    });
  });
});
