import { describe, expect, it } from 'vitest';
import type { PlacementAPI } from '../../types/crds/placement-api';
import { placementFormConflicts } from './create-placement';
import { placementChecklist } from './placement-detail';
import { buildPlacementRow, placementQuerySchema, queryPlacements } from './placement-row';
import { defaultPlacementForm } from '../../schemas/placement-form';

function placement(
  name: string,
  conditions: NonNullable<PlacementAPI['status']>['conditions'],
  extra = {},
): PlacementAPI {
  return {
    apiVersion: 'placement.openstack.org/v1beta1',
    kind: 'PlacementAPI',
    metadata: {
      name,
      namespace: 'openstack',
      generation: 2,
      creationTimestamp: new Date('2026-11-25T07:00:00Z'),
    },
    spec: { databaseInstance: 'openstack', secret: 'osp-secret', replicas: 3 },
    status: { conditions, observedGeneration: 2, readyCount: 2, ...extra },
  };
}

const notReady = [
  {
    type: 'Ready',
    status: 'False' as const,
    severity: 'Info' as const,
    reason: 'Requested',
    message: 'DB create job still running',
    lastTransitionTime: '2026-11-25T07:01:00Z',
  },
  {
    type: 'InputReady',
    status: 'True' as const,
    reason: 'Ready',
    message: 'Input data complete',
    lastTransitionTime: '2026-11-25T07:01:00Z',
  },
  {
    type: 'DBReady',
    status: 'False' as const,
    severity: 'Info' as const,
    reason: 'Requested',
    message: 'DB create job still running',
    lastTransitionTime: '2026-11-25T07:01:00Z',
  },
];

describe('PlacementAPI rows', () => {
  it('shows replicas, endpoints and Ready with the worst condition’s message', () => {
    const row = buildPlacementRow(
      placement('a', notReady, { apiEndpoints: { internal: 'http://i:8778', public: 'http://p:8778' } }),
    );
    expect(row).toMatchObject({
      key: 'openstack/a',
      replicas: { ready: 2, desired: 3 },
      endpoints: { internal: 'http://i:8778', public: 'http://p:8778' },
      ready: {
        status: 'False',
        reason: 'Requested',
        message: 'DB create job still running',
        outdated: false,
      },
      deleting: false,
    });
  });

  it('says when the controller has not written Ready, or wrote it for an older generation', () => {
    expect(buildPlacementRow(placement('a', [])).ready.reason).toBe('NotReconciled');
    const old = placement('b', notReady, { observedGeneration: 1 });
    expect(buildPlacementRow(old).ready.outdated).toBe(true);
  });

  it('searches, filters by Ready and sorts not-ready first', () => {
    const ready = [
      {
        type: 'Ready',
        status: 'True' as const,
        reason: 'Ready',
        message: 'Setup complete',
        lastTransitionTime: '',
      },
    ];
    const rows = [buildPlacementRow(placement('a', ready)), buildPlacementRow(placement('b', notReady))];
    const page = queryPlacements(rows, placementQuerySchema.parse({ sort: 'ready' }));
    expect(page.rows.map((r) => r.name)).toEqual(['b', 'a']);
    expect(
      queryPlacements(rows, placementQuerySchema.parse({ search: 'db create' })).rows.map((r) => r.name),
    ).toEqual(['b']);
    expect(queryPlacements(rows, placementQuerySchema.parse({ ready: ['True'] })).total).toBe(1);
  });

  it.each([
    { sort: 'name', order: ['a', 'b'] },
    { sort: 'namespace', order: ['a', 'b'] },
    { sort: 'age', order: ['b', 'a'] },
  ])('sorts by $sort', ({ sort, order }) => {
    const older = placement('a', notReady);
    const newer = placement('b', notReady);
    older.metadata.creationTimestamp = new Date('2026-11-01T00:00:00Z');
    newer.metadata.creationTimestamp = new Date('2026-11-20T00:00:00Z');
    const rows = [newer, older].map(buildPlacementRow);
    expect(queryPlacements(rows, placementQuerySchema.parse({ sort })).rows.map((r) => r.name)).toEqual(
      order,
    );
  });
});

describe('placementChecklist', () => {
  it('lists every sub-condition in the controller’s order, unreached ones as Unknown', () => {
    const items = placementChecklist(placement('a', notReady));
    expect(items.map((i) => i.type).slice(0, 6)).toEqual([
      'ServiceAccountReady',
      'RoleReady',
      'RoleBindingReady',
      'InputReady',
      'MariaDBAccountReady',
      'DBReady',
    ]);
    expect(items).toHaveLength(14);
    expect(items.find((i) => i.type === 'DBReady')).toMatchObject({ status: 'False', severity: 'Info' });
    expect(items.find((i) => i.type === 'DeploymentReady')).toMatchObject({
      status: 'Unknown',
      message: 'not reached yet',
    });
  });

  it('includes TopologyReady only with a topologyRef', () => {
    const withTopology = placement('a', notReady);
    withTopology.spec.topologyRef = { name: 'spread' };
    expect(placementChecklist(withTopology).map((i) => i.type)).toContain('TopologyReady');
  });
});

describe('placementFormConflicts', () => {
  it('names every referenced Secret that does not exist', () => {
    const form = {
      ...defaultPlacementForm(),
      namespace: 'openstack',
      secret: 'osp-secret',
      caBundleSecret: 'missing-bundle',
    };
    form.internal = { ...form.internal, tlsSecret: 'cert-internal-svc' };
    const errors = placementFormConflicts(form, (_ns, name) => name !== 'missing-bundle');
    expect(errors).toEqual({ caBundleSecret: 'No Secret named missing-bundle in namespace openstack' });
  });

  it('in an edit, names only the missing Secrets the edit changed', () => {
    const live = {
      ...defaultPlacementForm(),
      namespace: 'openstack',
      secret: 'gone',
      caBundleSecret: 'gone',
    };
    const edited = { ...live, caBundleSecret: 'also-gone', replicas: 3 };
    const missing = (_ns: string, name: string) => !name.includes('gone');
    expect(placementFormConflicts(edited, missing, live)).toEqual({
      caBundleSecret: 'No Secret named also-gone in namespace openstack',
    });
  });
});
