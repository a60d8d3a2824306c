import { describe, expect, it } from 'vitest';
import type { AnyControllerDeclaration } from './controller-declaration';
import { rbacRules } from './rbac-rules';
import { deploymentResource, secretResource, type ResourceDescriptor } from './resource';

const widget: ResourceDescriptor = {
  group: 'example.io',
  version: 'v1',
  plural: 'widgets',
  kind: 'Widget',
  namespaced: true,
};
const host: ResourceDescriptor = { ...widget, plural: 'hosts', kind: 'Host' };

const declaration = (overrides: Partial<AnyControllerDeclaration>): AnyControllerDeclaration => ({
  name: 'widget',
  reconciles: widget,
  owns: [],
  watches: [],
  setup: () => ({ reconcile: () => Promise.resolve(undefined) }),
  ...overrides,
});

describe('rbacRules', () => {
  it('grants the primary read, patch and status patch; owned kinds apply and prune; watched kinds read', () => {
    expect(
      rbacRules([
        declaration({
          owns: [deploymentResource],
          watches: [{ resource: secretResource, map: () => [] }],
          alsoWrites: [{ resource: host, verbs: ['patch'] }],
        }),
      ]),
    ).toEqual([
      { apiGroups: [''], resources: ['secrets'], verbs: ['get', 'list', 'watch'] },
      {
        apiGroups: ['apps'],
        resources: ['deployments'],
        verbs: ['get', 'list', 'watch', 'create', 'patch', 'delete'],
      },
      { apiGroups: ['example.io'], resources: ['hosts'], verbs: ['patch'] },
      { apiGroups: ['example.io'], resources: ['widgets'], verbs: ['get', 'list', 'watch', 'patch'] },
      { apiGroups: ['example.io'], resources: ['widgets/status'], verbs: ['patch'] },
    ]);
  });

  it('merges what two controllers need of one kind into one rule', () => {
    const rules = rbacRules([
      declaration({ watches: [{ resource: secretResource, map: () => [] }] }),
      declaration({ name: 'other', alsoWrites: [{ resource: secretResource, verbs: ['create', 'delete'] }] }),
    ]);
    expect(rules.filter((rule) => rule.resources?.includes('secrets'))).toEqual([
      { apiGroups: [''], resources: ['secrets'], verbs: ['get', 'list', 'watch', 'create', 'delete'] },
    ]);
  });
});
