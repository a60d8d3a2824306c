import type { V1CustomResourceDefinition } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { resourceOfCrd } from './crd-resources';

function crd(
  versions: { name: string; storage: boolean }[],
  scope = 'Namespaced',
): V1CustomResourceDefinition {
  return {
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope,
      names: { plural: 'widgets', kind: 'Widget' },
      versions: versions.map((v) => ({ ...v, served: true })),
    },
  };
}

describe('resourceOfCrd', () => {
  it('uses the storage version', () => {
    const resource = resourceOfCrd(
      crd([
        { name: 'v1alpha1', storage: false },
        { name: 'v1beta1', storage: true },
      ]),
    );
    expect(resource).toEqual({
      group: 'example.com',
      version: 'v1beta1',
      plural: 'widgets',
      kind: 'Widget',
      namespaced: true,
    });
  });

  it('marks cluster-scoped kinds', () => {
    expect(resourceOfCrd(crd([{ name: 'v1', storage: true }], 'Cluster')).namespaced).toBe(false);
  });

  it('rejects a CRD without versions', () => {
    expect(() => resourceOfCrd(crd([]))).toThrow(/no versions/);
  });
});
