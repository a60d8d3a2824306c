import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { MutationCache } from '../../kube/mutation-cache';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { hostPoolOf } from './host-pool';
import { clusterKeyOfHost, LiveHostPool, type IndexedHosts } from './live-host-pool';
import { CLUSTER, host, NS } from './test-fixtures';

/** The informer's cache view, its events and the by-cluster index, driven by hand. */
class FakeHostCache extends EventEmitter implements IndexedHosts {
  readonly store = new Map<string, BareMetalHost>();
  lists = 0;
  list(): BareMetalHost[] {
    this.lists++;
    return [...this.store.values()];
  }
  get(name: string, namespace?: string): BareMetalHost | undefined {
    return this.store.get(namespace ? `${namespace}/${name}` : name);
  }
  byIndex(_name: string, value: string): BareMetalHost[] {
    return [...this.store.values()].filter((h) => clusterKeyOfHost(h) === value);
  }
  deliver(object: BareMetalHost): void {
    const key = `${object.metadata.namespace ?? ''}/${object.metadata.name ?? ''}`;
    const previous = this.store.get(key);
    this.store.set(key, object);
    this.emit(previous ? 'update' : 'add', object, previous);
  }
  remove(object: BareMetalHost): void {
    this.store.delete(`${object.metadata.namespace ?? ''}/${object.metadata.name ?? ''}`);
    this.emit('delete', object);
  }
}

const labelledForUs = (h: BareMetalHost): BareMetalHost => ({
  ...h,
  metadata: Object.assign({}, h.metadata, {
    labels: {
      ...h.metadata.labels,
      'sip.airshipit.org/cluster-namespace': NS,
      'sip.airshipit.org/cluster-name': CLUSTER,
      'sip.airshipit.org/node-type': 'Worker',
    },
  }),
});

function setUp(count: number) {
  const cache = new FakeHostCache();
  for (const n of [...Array(count).keys()].reverse()) cache.deliver(host(n + 1));
  const writes = new MutationCache<BareMetalHost>(cache);
  return { cache, writes, pool: new LiveHostPool(writes, cache) };
}

const names = (hosts: readonly BareMetalHost[]) => hosts.map((h) => h.metadata.name);
const inOrder = (pool: { size: number; at: (i: number) => BareMetalHost }) =>
  Array.from({ length: pool.size }, (_, i) => pool.at(i).metadata.name);

describe('LiveHostPool', () => {
  it('gives the hosts in the same stable order as a pool made from a list', () => {
    const { cache, pool } = setUp(4);
    expect(inOrder(pool)).toEqual(inOrder(hostPoolOf(cache.list())));
  });

  it('orders once while hosts only change, and again when one comes or goes', () => {
    const { cache, pool } = setUp(3);
    inOrder(pool);
    const listed = cache.lists;
    cache.deliver(labelledForUs(host(1)));
    inOrder(pool);
    expect(cache.lists).toBe(listed);
    cache.deliver(host(9));
    expect(inOrder(pool)).toEqual(['node01', 'node02', 'node03', 'node09']);
    expect(cache.lists).toBe(listed + 1);
    cache.remove(host(2));
    expect(inOrder(pool)).toEqual(['node01', 'node03', 'node09']);
  });

  it("shows this process's writes before the watch delivers them", () => {
    const { writes, pool } = setUp(3);
    writes.assume(labelledForUs(host(2)));
    expect(pool.at(1).metadata.labels?.['sip.airshipit.org/cluster-name']).toBe(CLUSTER);
    expect(names(pool.labelledFor(NS, CLUSTER))).toEqual(['node02']);
  });

  it("lists a cluster's hosts from the index, less those this process has just released", () => {
    const { cache, writes, pool } = setUp(3);
    cache.deliver(labelledForUs(host(3)));
    cache.deliver(labelledForUs(host(1)));
    expect(names(pool.labelledFor(NS, CLUSTER))).toEqual(['node01', 'node03']);
    writes.assume(host(3));
    expect(names(pool.labelledFor(NS, CLUSTER))).toEqual(['node01']);
    expect(pool.labelledFor(NS, 'other')).toEqual([]);
  });
});
