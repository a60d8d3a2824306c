import type { KubernetesObject } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { ListedObjects } from './cluster-reads';
import { configMapResource, nodeResource, podResource } from './resource';

const pod = (name: string, app: string): KubernetesObject => ({
  kind: 'Pod',
  metadata: { name, namespace: 'ns', labels: { app } },
});
const node: KubernetesObject = { kind: 'Node', metadata: { name: 'n1' } };

describe('ListedObjects', () => {
  const reads = new ListedObjects(
    [
      [podResource, [pod('a', 'x'), pod('b', 'y'), pod('c', 'x')]],
      [nodeResource, [node]],
    ],
    [{ resource: podResource, name: 'app', values: (o) => [o.metadata?.labels?.app ?? ''] }],
  );

  it('finds a namespaced object by name and namespace, a cluster-scoped one by name', () => {
    expect(reads.of(podResource).get('b', 'ns')?.metadata?.name).toBe('b');
    expect(reads.of(podResource).get('b', 'other')).toBeUndefined();
    expect(reads.of(nodeResource).get('n1')).toBe(node);
  });

  it('lists a kind whole and by the index given, as an informer cache does', () => {
    expect(reads.of(podResource).list()).toHaveLength(3);
    expect(
      reads
        .of(podResource)
        .byIndex('app', 'x')
        .map((o) => o.metadata?.name),
    ).toEqual(['a', 'c']);
    expect(reads.of(podResource).byIndex('app', 'z')).toEqual([]);
  });

  it('refuses a kind that was not listed and an index that was not given, naming them', () => {
    expect(() => reads.of(configMapResource)).toThrow('ConfigMap was not listed');
    expect(() => reads.of(nodeResource).byIndex('app', 'x')).toThrow('no index app on nodes');
  });
});
