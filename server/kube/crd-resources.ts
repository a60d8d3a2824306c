import type { V1CustomResourceDefinition } from '@kubernetes/client-node';
import type { ResourceDescriptor } from './resource';

/** The resource each CRD serves, at its storage version (what informers list and watch). */
export function resourceOfCrd(crd: V1CustomResourceDefinition): ResourceDescriptor {
  const version = crd.spec.versions.find((v) => v.storage) ?? crd.spec.versions[0];
  if (!version) throw new Error(`CRD ${crd.metadata?.name ?? '?'} has no versions`);
  return {
    group: crd.spec.group,
    version: version.name,
    plural: crd.spec.names.plural,
    kind: crd.spec.names.kind,
    namespaced: crd.spec.scope === 'Namespaced',
  };
}
