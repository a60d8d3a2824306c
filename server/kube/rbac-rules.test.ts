import { describe, expect, it } from 'vitest';
import { testDeclaration, widgetResource } from '../../tools/testenv/test-declaration';
import { rbacRules } from './rbac-rules';
import { deploymentResource, secretResource, type ResourceDescriptor } from './resource';

const host: ResourceDescriptor = { ...widgetResource, plural: 'hosts', kind: 'Host' };

describe('rbacRules', () => {
  it('grants the primary read, patch and status patch; owned kinds apply and prune; watched kinds read', () => {
    expect(
      rbacRules([
        testDeclaration({
          owns: [deploymentResource],
          watches: [{ resource: secretResource, map: () => [] }],
          alsoCalls: [{ resource: host, verbs: ['patch'] }],
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
      testDeclaration({ watches: [{ resource: secretResource, map: () => [] }] }),
      testDeclaration({
        name: 'other',
        alsoCalls: [{ resource: secretResource, verbs: ['create', 'delete'] }],
      }),
    ]);
    expect(rules.filter((rule) => rule.resources?.includes('secrets'))).toEqual([
      { apiGroups: [''], resources: ['secrets'], verbs: ['get', 'list', 'watch', 'create', 'delete'] },
    ]);
  });

  it('hands on delegated rules once each, after the merged ones', () => {
    const delegated = { apiGroups: [''], resources: ['pods'], verbs: ['create'] };
    const rules = rbacRules([
      testDeclaration({ delegates: [delegated] }),
      testDeclaration({ name: 'other', delegates: [delegated] }),
    ]);
    expect(rules.filter((rule) => JSON.stringify(rule) === JSON.stringify(delegated))).toHaveLength(1);
    expect(rules.at(-1)).toEqual(delegated);
  });
});
