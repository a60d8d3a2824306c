import type { KubernetesObject } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { parseKey, worthReconciling } from './controller';

describe('parseKey', () => {
  it.each([
    ['ns/name', { key: 'ns/name', namespace: 'ns', name: 'name' }],
    ['cluster-scoped', { key: 'cluster-scoped', namespace: undefined, name: 'cluster-scoped' }],
    ['ns/a/b', { key: 'ns/a/b', namespace: 'ns', name: 'a/b' }],
  ])('%s', (key, request) => {
    expect(parseKey(key)).toEqual(request);
  });
});

describe('worthReconciling', () => {
  const metadata = {
    name: 'a',
    generation: 1,
    resourceVersion: '10',
    finalizers: ['f'],
    labels: { l: '1' },
    annotations: { a: '1' },
  };
  const base: KubernetesObject = { metadata };
  const changed = (change: Record<string, unknown>): KubernetesObject => ({
    metadata: { ...metadata, resourceVersion: '11', ...change },
  });

  it.each([
    ['a new generation (spec changed)', changed({ generation: 2 }), true],
    ['a deletion under way', changed({ deletionTimestamp: new Date(0) }), true],
    ['finalizers', changed({ finalizers: [] }), true],
    ['labels', changed({ labels: { l: '2' } }), true],
    ['annotations', changed({ annotations: {} }), true],
    [
      'owners (adoption)',
      changed({
        ownerReferences: [{ apiVersion: 'cluster.x-k8s.io/v1beta1', kind: 'Machine', name: 'm', uid: 'u' }],
      }),
      true,
    ],
    ['only the resource version (a status write)', changed({}), false],
  ])('%s', (_, object, worth) => {
    expect(worthReconciling(object, base)).toBe(worth);
  });

  it('a resync (the same object twice) is worth reconciling', () => {
    expect(worthReconciling(base, base)).toBe(true);
  });
});
