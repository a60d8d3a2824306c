import { describe, expect, it } from 'vitest';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { changedLabelKeys, heldHostChangeConcerns } from './held-host-changes';
import { CLUSTER, FLAVOR_KEY, host, nodeSet, NS, RACK_KEY, SERVER_KEY, sipCluster } from './test-fixtures';

/** ControlPlane one per rack, Worker one per server (the fixtures' default). */
const cluster = sipCluster();
const held = host(1, { owner: [NS, CLUSTER, 'Worker'] });
const changed = (change: (h: BareMetalHost) => void): BareMetalHost => {
  const copy = structuredClone(held);
  change(copy);
  return copy;
};
const labelled = (labels: Record<string, string | undefined>) =>
  changed((h) => {
    const merged = Object.entries({ ...h.metadata.labels, ...labels });
    h.metadata.labels = Object.fromEntries(
      merged.filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
  });

describe('heldHostChangeConcerns', () => {
  it.each<[string, BareMetalHost, boolean]>([
    ['the flavor the selector read when it was scheduled', labelled({ [FLAVOR_KEY]: 'storage' }), false],
    ['a label no role reads', labelled({ 'example.com/note': 'moved' }), false],
    ['the rack label, the topology key of the ControlPlane role', labelled({ [RACK_KEY]: 'r9' }), true],
    ['the topology label of its role', labelled({ [SERVER_KEY]: 'elsewhere' }), true],
    ['its role label', labelled({ 'sip.airshipit.org/node-type': 'ControlPlane' }), true],
    [
      'its status',
      changed(
        (h) => (h.status = { ...h.status, poweredOn: !h.status?.poweredOn } as BareMetalHost['status']),
      ),
      true,
    ],
    ['its spec', changed((h) => (h.spec.online = !h.spec.online)), true],
    ['an annotation', changed((h) => (h.metadata.annotations = { 'reboot.metal3.io': '' })), true],
    ['being deleted', changed((h) => (h.metadata.deletionTimestamp = new Date(0))), true],
    ['its version only', changed((h) => (h.metadata.resourceVersion = '99')), false],
  ])('%s: re-plans its cluster = %s', (_what, now, expected) => {
    expect(heldHostChangeConcerns(now, held, cluster)).toBe(expected);
  });

  it('re-plans when the cluster is not in the cache (being deleted, or not seen yet)', () => {
    expect(heldHostChangeConcerns(labelled({ [FLAVOR_KEY]: 'storage' }), held, undefined)).toBe(true);
  });

  it('reads the topology keys of the cluster that holds the host', () => {
    const noTopology = sipCluster({
      nodes: {
        ControlPlane: nodeSet('control-plane', 1, 1),
        Worker: nodeSet('worker', 1, 1),
      },
    });
    expect(heldHostChangeConcerns(labelled({ [SERVER_KEY]: 'elsewhere' }), held, noTopology)).toBe(false);
    expect(heldHostChangeConcerns(labelled({ [RACK_KEY]: 'r9' }), held, noTopology)).toBe(false);
  });
});

describe('changedLabelKeys', () => {
  it('names changed, added and removed keys', () => {
    expect(changedLabelKeys({ a: '1', b: '2', c: '3' }, { a: '1', b: '0', d: '4' }).sort()).toEqual([
      'b',
      'c',
      'd',
    ]);
    expect(changedLabelKeys(undefined, undefined)).toEqual([]);
  });
});
