import { describe, expect, it } from 'vitest';
import { informedResources } from '../kube/runtime-informers';
import { podResource } from '../kube/resource';
import { controllerDeclarations } from './build-controllers';
import { SERVICE_POD_SELECTOR } from './contrail/data-service-controller';

describe('what the server caches for its controllers', () => {
  it('holds only the pods of Contrail services, not every pod of the cluster', () => {
    const pods = informedResources([], controllerDeclarations).find(
      ({ resource }) => resource.kind === podResource.kind,
    );
    expect(pods?.labelSelector).toBe(SERVICE_POD_SELECTOR);
  });
});
