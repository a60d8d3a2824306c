import type { V1CustomResourceDefinition } from '@kubernetes/client-node';
import type { AnyControllerDeclaration } from './controller-declaration';
import type { ApiAccess } from './rbac-rules';
import {
  customResourceDefinitionResource,
  eventResource,
  leaseResource,
  namespaceResource,
} from './resource';
import { informedResources } from './runtime-informers';

/**
 * What every server process does beside the controllers' own work. Anywhere in the cluster: its
 * informers list and watch every kind they cache, it reads its CRDs (written only when it installs
 * them itself, which a deployment leaves to deploy/crds), finds its own namespace, and records events;
 * and in its own namespace it holds the controllers' Lease.
 */
export function runtimeAccess(
  crds: V1CustomResourceDefinition[],
  declarations: AnyControllerDeclaration[],
): ApiAccess[] {
  return [
    ...informedResources(crds, declarations).map(({ resource }): ApiAccess => ({
      resource,
      verbs: ['list', 'watch'],
    })),
    { resource: customResourceDefinitionResource, verbs: ['get'] },
    { resource: namespaceResource, verbs: ['get'] },
    // A repeated event is one Event whose series is patched.
    { resource: eventResource, verbs: ['create', 'patch'] },
    // Leader election; the renewal is a PUT with the resourceVersion read, so two replicas never both win.
    { resource: leaseResource, verbs: ['get', 'create', 'update'], ownNamespace: true },
  ];
}
