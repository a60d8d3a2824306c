import type { AnyControllerDeclaration } from '../../server/kube/controller-declaration';
import type { ResourceDescriptor } from '../../server/kube/resource';

/** A made-up kind for unit tests of what the runtime derives from declarations. */
export const widgetResource: ResourceDescriptor = {
  group: 'example.io',
  version: 'v1',
  plural: 'widgets',
  kind: 'Widget',
  namespaced: true,
};

/** A declaration reconciling widgets, with `overrides`; its reconcile does nothing. */
export function testDeclaration(overrides: Partial<AnyControllerDeclaration>): AnyControllerDeclaration {
  return {
    name: 'widget',
    reconciles: widgetResource,
    owns: [],
    watches: [],
    setup: () => ({ reconcile: () => Promise.resolve(undefined) }),
    ...overrides,
  };
}
