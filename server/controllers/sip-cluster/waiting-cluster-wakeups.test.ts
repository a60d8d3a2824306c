import { describe, expect, it } from 'vitest';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { CLUSTER, FLAVOR_KEY, host, NS, nodeSet, RACK_KEY, SERVER_KEY, sipCluster } from './test-fixtures';
import { waitingClustersAHostChangeConcerns, waitingClustersAHostFits } from './waiting-cluster-wakeups';

/** ControlPlane one per rack, Worker one per server (the fixtures' default). */
const spread = sipCluster();
/** Workers only, no topology key. */
const plain = {
  ...sipCluster({ nodes: { Worker: nodeSet('worker', 2) } }),
  metadata: { namespace: NS, name: 'plain' },
};
const waiting = [spread, plain];

const worker = host(1);
const changed = (from: BareMetalHost, change: (h: BareMetalHost) => void): BareMetalHost => {
  const copy = structuredClone(from);
  change(copy);
  return copy;
};
const labelled = (from: BareMetalHost, labels: Record<string, string>) =>
  changed(from, (h) => Object.assign(h.metadata.labels ?? {}, labels));
const taken = host(1, { owner: [NS, 'other', 'Worker'] });

describe('waitingClustersAHostChangeConcerns', () => {
  it.each<[string, BareMetalHost, BareMetalHost | undefined, string[]]>([
    ['a label no selector or topology reads', labelled(worker, { [RACK_KEY]: 'r9' }), worker, []],
    [
      'an annotation that holds nothing back',
      changed(worker, (h) => (h.metadata.annotations = { a: 'b' })),
      worker,
      [],
    ],
    [
      'the topology label of a role the host fits',
      labelled(worker, { [SERVER_KEY]: 'other' }),
      worker,
      [CLUSTER],
    ],
    [
      'its availability',
      worker,
      changed(worker, (h) => (h.status = { provisioning: { state: 'inspecting' } })),
      [CLUSTER, 'plain'],
    ],
    [
      'a pause',
      changed(worker, (h) => (h.metadata.annotations = { 'baremetalhost.metal3.io/paused': '' })),
      worker,
      [CLUSTER, 'plain'],
    ],
    [
      'the Secret its networks come from',
      changed(worker, (h) => (h.spec.networkData = { name: 'elsewhere', namespace: NS })),
      worker,
      [CLUSTER, 'plain'],
    ],
    // The spread cluster's ControlPlane fits it now; the plain cluster counted it among its candidates.
    [
      'its flavor, from worker to control plane',
      labelled(worker, { [FLAVOR_KEY]: 'control-plane' }),
      worker,
      [CLUSTER, 'plain'],
    ],
    [
      'a host no role fits, made available',
      host(2, { labels: { [FLAVOR_KEY]: 'storage' } }),
      host(2, { labels: { [FLAVOR_KEY]: 'storage' }, state: 'inspecting' }),
      [],
    ],
    ['a new (or deleted) worker', worker, undefined, [CLUSTER, 'plain']],
    ['a new control-plane host', host(3, { flavor: 'control-plane' }), undefined, [CLUSTER]],
    ['a new host no role fits', host(4, { labels: { [FLAVOR_KEY]: 'storage' } }), undefined, []],
    ['a worker another cluster released', worker, taken, [CLUSTER, 'plain']],
    ['a worker another cluster took', taken, worker, []],
  ])('%s', (_, now, previous, expected) => {
    const names = waitingClustersAHostChangeConcerns(now, previous, waiting).map((c) => c.metadata.name);
    expect(names).toEqual(expected);
  });
});

describe('waitingClustersAHostFits', () => {
  it.each<[string, BareMetalHost, string[]]>([
    ['a free worker', worker, [CLUSTER, 'plain']],
    ['a free control-plane host', host(3, { flavor: 'control-plane' }), [CLUSTER]],
    ['a host another cluster holds', taken, []],
  ])('%s', (_, now, expected) => {
    expect(waitingClustersAHostFits(now, waiting).map((c) => c.metadata.name)).toEqual(expected);
  });
});
