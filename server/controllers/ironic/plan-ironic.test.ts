import type { V1Deployment, V1Service } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { IronicSpec } from '../../types/crds/ironic';
import { planIronic } from './plan-ironic';
import { planIronicDatabase } from './plan-ironic-database';
import {
  credentialsSecret,
  databaseSecret,
  ironic,
  NAMESPACE,
  observed,
  readyDatabase,
  secret,
  tlsSecret,
} from './test-fixtures';

const now = new Date('2026-06-01T12:00:00Z');
const linked: IronicSpec = { credentialsRef: { name: 'lab-credentials' } };

/** What the API server and kwok make of a planned Deployment once it rolled out. */
function available(planned: V1Deployment): V1Deployment {
  return Object.assign({}, planned, {
    metadata: Object.assign({}, planned.metadata, { generation: 3 }),
    status: { observedGeneration: 3, replicas: 1, updatedReplicas: 1, availableReplicas: 1 },
  });
}

const service: V1Service = { metadata: { name: 'lab' }, spec: { clusterIP: '10.96.0.20' } };

describe('planIronic', () => {
  it.each<[string, IronicSpec, Parameters<typeof observed>[1], string, RegExp]>([
    ['credentials not linked yet', {}, {}, 'DeploymentInProgress', /generating API credentials/],
    [
      'credentials Secret missing',
      linked,
      {},
      'DeploymentFailed',
      /API credentials Secret lab-credentials not found/,
    ],
    [
      'credentials without password',
      linked,
      { secrets: [secret('lab-credentials', { username: 'lab' })] },
      'DeploymentFailed',
      /needs non-empty username and password/,
    ],
    [
      'TLS Secret missing',
      { ...linked, tlsRef: { name: 'lab-tls' } },
      { secrets: [credentialsSecret] },
      'DeploymentFailed',
      /TLS Secret lab-tls not found/,
    ],
    [
      'TLS Secret of the wrong type',
      { ...linked, tlsRef: { name: 'lab-tls' } },
      { secrets: [credentialsSecret, secret('lab-tls', { 'tls.crt': 'x', 'tls.key': 'y' })] },
      'DeploymentFailed',
      /is of type Opaque, not kubernetes.io\/tls/,
    ],
    [
      'database missing',
      { ...linked, databaseRef: { name: 'db' } },
      { secrets: [credentialsSecret] },
      'DeploymentInProgress',
      /waiting for IronicDatabase db: it does not exist/,
    ],
    [
      'database not ready',
      { ...linked, databaseRef: { name: 'db' } },
      { secrets: [credentialsSecret], databases: [{ ...readyDatabase(), status: {} }] },
      'DeploymentInProgress',
      /waiting for IronicDatabase db/,
    ],
    [
      'an invalid spec that bypassed CEL',
      { ...linked, networking: { dhcp: { networkCIDR: '10.0.0.0/24' } } },
      { secrets: [credentialsSecret] },
      'DeploymentFailed',
      /invalid spec: spec.networking.dhcp requires spec.networking.ipAddress/,
    ],
    [
      'an unknown version',
      { ...linked, version: '1.0' },
      { secrets: [credentialsSecret] },
      'DeploymentFailed',
      /version 1.0 is not supported/,
    ],
    [
      'Deployment not created yet',
      linked,
      { secrets: [credentialsSecret] },
      'DeploymentInProgress',
      /^deployment lab-service not available yet$/,
    ],
  ])('%s → %s', (_, spec, objects, reason, message) => {
    const plan = planIronic(observed(ironic(spec), objects), now);
    const ready = plan.status.conditions?.[0];
    expect(ready).toMatchObject({ type: 'Ready', status: 'False', reason, observedGeneration: 2 });
    expect(ready?.message).toMatch(message);
    // Nothing is rendered without its inputs, and what runs is kept.
    if (reason === 'DeploymentFailed' || !/deployment .* not available yet/.test(ready?.message ?? '')) {
      expect(plan.objects).toEqual([]);
      expect(plan.pruneOwned).toBe(false);
    }
  });

  it('is Ready once the Deployment is available, with the seed reason and message', () => {
    const spec = { ...linked, databaseRef: { name: 'db' } };
    const inputs = { secrets: [credentialsSecret, databaseSecret], databases: [readyDatabase()] };
    const first = planIronic(observed(ironic(spec), inputs), now);
    expect(first.objects.map((o) => `${o.kind ?? ''}/${o.metadata?.name ?? ''}`)).toEqual([
      'Deployment/lab-service',
      'Service/lab',
    ]);
    const deployment = available(first.objects[0] as V1Deployment);
    const plan = planIronic(
      observed(ironic(spec), { ...inputs, deployments: [deployment], services: [service] }),
      now,
    );
    expect(plan.status).toEqual({
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          reason: 'DeploymentAvailable',
          message: 'ironic is available',
          observedGeneration: 2,
          lastTransitionTime: '2026-06-01T12:00:00Z',
        },
      ],
      requestedVersion: 'latest',
      installedVersion: { branch: 'latest' },
    });
    expect(plan.events).toEqual([{ type: 'Normal', reason: 'IronicReady', note: 'ironic is available' }]);
  });

  it('keeps one InProgress message through the rollout, so its steps cost no status writes', () => {
    const first = planIronic(observed(ironic(linked), { secrets: [credentialsSecret] }), now);
    const done = available(first.objects[0] as V1Deployment);
    const steps: (V1Deployment | undefined)[] = [
      undefined,
      Object.assign({}, done, { status: { observedGeneration: 2 } }),
      Object.assign({}, done, { status: { observedGeneration: 3, replicas: 1, updatedReplicas: 0 } }),
      Object.assign({}, done, {
        status: { observedGeneration: 3, replicas: 1, updatedReplicas: 1, availableReplicas: 0 },
      }),
    ];
    const messages = steps.map((deployment) => {
      const plan = planIronic(
        observed(ironic(linked), {
          secrets: [credentialsSecret],
          deployments: deployment ? [deployment] : [],
          services: [service],
        }),
        now,
      );
      return `${plan.status.conditions?.[0]?.reason ?? ''}: ${plan.status.conditions?.[0]?.message ?? ''}`;
    });
    expect(new Set(messages)).toEqual(
      new Set(['DeploymentInProgress: deployment lab-service not available yet']),
    );
  });

  it('fails on a rollout past its progress deadline', () => {
    const first = planIronic(observed(ironic(linked), { secrets: [credentialsSecret] }), now);
    const stuck = available(first.objects[0] as V1Deployment);
    stuck.status = {
      observedGeneration: 3,
      replicas: 1,
      updatedReplicas: 1,
      availableReplicas: 0,
      conditions: [
        { type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded', message: 'timed out' },
      ],
    };
    const plan = planIronic(
      observed(ironic(linked), { secrets: [credentialsSecret], deployments: [stuck], services: [service] }),
      now,
    );
    expect(plan.status.conditions?.[0]).toMatchObject({
      reason: 'DeploymentFailed',
      message: 'deployment lab-service failed: timed out',
    });
  });
});

describe('planIronicDatabase', () => {
  const database = (spec: NonNullable<ReturnType<typeof readyDatabase>['spec']>) => ({
    ...readyDatabase(),
    spec,
    status: {},
  });

  it('deploys MariaDB and its Service with the credentials', () => {
    const plan = planIronicDatabase(
      {
        ...observed(ironic({}), { secrets: [databaseSecret] }),
        database: database({ credentialsRef: { name: 'db-database-credentials' } }),
      },
      now,
    );
    expect(plan.objects.map((o) => `${o.kind ?? ''}/${o.metadata?.name ?? ''}`)).toEqual([
      'Deployment/db-database',
      'Service/db-database',
    ]);
    expect(plan.status).toMatchObject({
      serviceName: 'db-database',
      hosts: [`db-database.${NAMESPACE}.svc`],
    });
    const container = (plan.objects[0] as V1Deployment).spec?.template.spec?.containers[0];
    expect(container?.env?.find((e) => e.name === 'MARIADB_PASSWORD')?.valueFrom?.secretKeyRef).toEqual({
      name: 'db-database-credentials',
      key: 'password',
    });
  });

  it('runs nothing for an external database and is available at once', () => {
    const plan = planIronicDatabase(
      { ...observed(ironic({}), {}), database: database({ externalIP: '192.0.2.5' }) },
      now,
    );
    expect(plan.objects).toEqual([]);
    expect(plan.pruneOwned).toBe(true);
    expect(plan.status).toMatchObject({
      hosts: ['192.0.2.5'],
      conditions: [{ status: 'True', message: 'database is available' }],
    });
  });

  it('fails on a missing TLS Secret', () => {
    const plan = planIronicDatabase(
      {
        ...observed(ironic({}), { secrets: [databaseSecret] }),
        database: database({
          credentialsRef: { name: 'db-database-credentials' },
          tlsRef: { name: 'db-tls' },
        }),
      },
      now,
    );
    expect(plan.status.conditions?.[0]).toMatchObject({
      reason: 'DeploymentFailed',
      message: 'TLS Secret db-tls not found in namespace metal',
    });
  });
});

// The fixtures' TLS Secret is valid: a sanity check that the failure above is about the name.
it('accepts the fixture TLS Secret', () => {
  const plan = planIronic(
    observed(ironic({ ...linked, tlsRef: { name: 'lab-tls' } }), { secrets: [credentialsSecret, tlsSecret] }),
    now,
  );
  expect(plan.objects).toHaveLength(2);
});
