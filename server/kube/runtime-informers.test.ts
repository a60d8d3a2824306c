import { describe, expect, it } from 'vitest';
import type { AnyControllerDeclaration } from './controller-declaration';
import { informedResources } from './runtime-informers';
import { configMapResource, deploymentResource, secretResource, type ResourceDescriptor } from './resource';

const widget: ResourceDescriptor = {
  group: 'example.io',
  version: 'v1',
  plural: 'widgets',
  kind: 'Widget',
  namespaced: true,
};

const declaration = (overrides: Partial<AnyControllerDeclaration>): AnyControllerDeclaration => ({
  name: 'widget',
  reconciles: widget,
  owns: [],
  watches: [],
  setup: () => ({ reconcile: () => Promise.resolve(undefined) }),
  ...overrides,
});

describe('informedResources', () => {
  it('caches whole what is reconciled, watched or read by the console, and only its own of what is merely owned', () => {
    const wanted = informedResources(
      [],
      [
        declaration({ owns: [deploymentResource, configMapResource, secretResource] }),
        declaration({ name: 'other', watches: [{ resource: configMapResource, map: () => [] }] }),
      ],
    );
    expect(Object.fromEntries(wanted.map(({ resource, ownOnly }) => [resource.kind, ownOnly]))).toEqual({
      Node: false,
      Secret: false,
      Widget: false,
      ConfigMap: false,
      Deployment: true,
    });
  });
});
