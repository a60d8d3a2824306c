import type { V1Deployment, V1Job, V1Secret } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { PlacementAPI, PlacementAPISpec } from '../../types/crds/placement-api';
import { SPEC_HASH_ANNOTATION } from '../common/content-hash';
import type { DependencyObject, InstalledGroups } from './dependency-resources';
import { worstOf } from './placement-conditions';
import { networkStatusOf, planPlacement, type PlacementObserved } from './plan-placement';
import { DBSYNC_HASH_ANNOTATION } from './placement-names';
import { renderDbSyncJob } from './render-workload';

const now = new Date('2026-11-25T07:00:00Z');
const ready = { conditions: [{ type: 'Ready', status: 'True' }] };
const all: InstalledGroups = { mariadb: true, keystone: true, nad: true, topology: true };

function secret(name: string, data: Record<string, string>): V1Secret {
  return {
    metadata: { name, namespace: 'openstack' },
    data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v).toString('base64')])),
  };
}

function placementOf(spec: Partial<PlacementAPISpec> = {}, status?: PlacementAPI['status']): PlacementAPI {
  return {
    apiVersion: 'placement.openstack.org/v1beta1',
    kind: 'PlacementAPI',
    metadata: { name: 'placement', namespace: 'openstack', generation: 3, uid: 'u1' },
    spec: { databaseInstance: 'openstack', secret: 'osp-secret', databaseAccount: 'placement', ...spec },
    ...(status ? { status } : {}),
  };
}

function observed(overrides: Partial<PlacementObserved> = {}): PlacementObserved {
  const secrets = [
    secret('osp-secret', { PlacementPassword: 'pw' }),
    secret('placement-db-secret', { DatabasePassword: 'dbpw' }),
  ];
  return {
    placement: placementOf(),
    secret: (_ns, name) => secrets.find((s) => s.metadata?.name === name),
    installed: all,
    account: {
      metadata: { name: 'placement' },
      spec: { userName: 'placement', secret: 'placement-db-secret' },
      status: ready,
    },
    database: { metadata: { name: 'placement' }, status: ready },
    keystoneAPI: {
      metadata: { name: 'keystone' },
      spec: { region: 'regionTwo' },
      status: { apiEndpoints: { internal: 'http://ks-int:5000', public: 'http://ks-pub:5000' } },
    },
    networkAttachmentDefinitions: new Set(),
    service: () => undefined,
    pods: [],
    ...overrides,
  };
}

/** A Deployment that is the rendered one, rolled out. */
function rolledOut(plan: ReturnType<typeof planPlacement>, readyReplicas = 1): V1Deployment {
  const desired = plan.objects.find((o) => o.kind === 'Deployment') as V1Deployment;
  return Object.assign({}, desired, {
    metadata: Object.assign({}, desired.metadata, { generation: 2 }),
    status: {
      observedGeneration: 2,
      replicas: readyReplicas,
      updatedReplicas: readyReplicas,
      availableReplicas: readyReplicas,
      readyReplicas,
    },
  });
}

const conditionOf = (plan: ReturnType<typeof planPlacement>, type: string) =>
  plan.status.conditions?.find((c) => c.type === type);

describe('planPlacement', () => {
  it.each<{
    name: string;
    observed: PlacementObserved;
    condition: string;
    status: string;
    reason: string;
    message: string;
    poll: boolean;
  }>([
    {
      name: 'input Secret missing',
      observed: observed({ secret: () => undefined }),
      condition: 'InputReady',
      status: 'False',
      reason: 'Error',
      message: 'Input data resources missing: Secret osp-secret',
      poll: true,
    },
    {
      name: 'selector key missing',
      observed: observed({
        secret: (_ns, name) => (name === 'osp-secret' ? secret(name, { Other: 'x' }) : undefined),
      }),
      condition: 'InputReady',
      status: 'False',
      reason: 'Error',
      message: "Input data error occurred field 'PlacementPassword' not found in Secret osp-secret",
      poll: true,
    },
    {
      name: 'mariadb-operator not installed',
      observed: observed({ installed: { ...all, mariadb: false } }),
      condition: 'DBReady',
      status: 'False',
      reason: 'Error',
      message:
        'mariadb-operator is not installed: the API server serves no MariaDBAccount/MariaDBDatabase (mariadb.openstack.org); install it, or the lab stand-ins',
      poll: true,
    },
    {
      name: 'database not ready yet',
      observed: observed({ database: { metadata: { name: 'placement' } } }),
      condition: 'DBReady',
      status: 'False',
      reason: 'Requested',
      message: 'DB create job still running',
      poll: true,
    },
    {
      name: 'KeystoneAPI missing',
      observed: observed({ keystoneAPI: undefined }),
      condition: 'ServiceConfigReady',
      status: 'False',
      reason: 'Error',
      message: 'Service config create error occurred KeystoneAPI not found in namespace openstack',
      poll: true,
    },
    {
      name: 'TLS certificate Secret missing',
      observed: observed({
        placement: placementOf({ tls: { api: { internal: { secretName: 'cert-internal-svc' } } } }),
      }),
      condition: 'TLSInputReady',
      status: 'False',
      reason: 'Requested',
      message: 'TLSInput is missing: cert-internal-svc',
      poll: false,
    },
    {
      name: 'network attachment missing',
      observed: observed({ placement: placementOf({ networkAttachments: ['internalapi'] }) }),
      condition: 'NetworkAttachmentsReady',
      status: 'False',
      reason: 'Error',
      message: 'NetworkAttachment resources missing: internalapi',
      poll: true,
    },
    {
      name: 'db-sync Job created',
      observed: observed(),
      condition: 'DBSyncReady',
      status: 'False',
      reason: 'Requested',
      message: 'DBsync job still running',
      poll: false,
    },
  ])('$name', ({ observed: input, condition, status, reason, message, poll }) => {
    const plan = planPlacement(input, now);
    expect(conditionOf(plan, condition)).toMatchObject({ status, reason, message });
    expect(plan.poll).toBe(poll);
    // Ready copies the worst sub-condition; later steps stay Unknown.
    expect(plan.status.conditions?.[0]).toMatchObject({ type: 'Ready', status, message });
    expect(conditionOf(plan, 'KeystoneEndpointReady')?.status).toBe('Unknown');
    expect(plan.status.observedGeneration).toBe(3);
    expect(plan.pruneOwned).toBe(false);
  });

  it('puts credentials only in Secrets, with the Keystone URLs, region and database URL', () => {
    const plan = planPlacement(observed(), now);
    expect(plan.objects.some((o) => o.kind === 'ConfigMap')).toBe(false);
    const config = plan.objects.find((o) => o.metadata?.name === 'placement-config-data') as V1Secret;
    const conf = Buffer.from(config.data?.['placement.conf'] ?? '', 'base64').toString();
    expect(conf).toContain('region_name = regionTwo');
    expect(conf).toContain('auth_url = http://ks-int:5000');
    expect(conf).toContain('www_authenticate_uri = http://ks-pub:5000');
    expect(conf).toContain(
      'connection = mysql+pymysql://placement:dbpw@openstack.openstack.svc/placement?read_default_file=/etc/my.cnf',
    );
    expect(plan.status.databaseHostname).toBe('openstack.openstack.svc');
    expect(plan.dependencies.map((d) => d.kind)).toEqual(['MariaDBAccount', 'MariaDBDatabase']);
  });

  it('percent-encodes the database password in the URL and doubles $ in the Keystone password', () => {
    const secrets = [
      secret('osp-secret', { PlacementPassword: 'pw$word' }),
      secret('placement-db-secret', { DatabasePassword: 'p@ss/w:rd?#$1%' }),
    ];
    const plan = planPlacement(
      observed({ secret: (_ns, name) => secrets.find((s) => s.metadata?.name === name) }),
      now,
    );
    const config = plan.objects.find((o) => o.metadata?.name === 'placement-config-data') as V1Secret;
    const conf = Buffer.from(config.data?.['placement.conf'] ?? '', 'base64').toString();
    expect(conf).toContain(
      'connection = mysql+pymysql://placement:p%40ss%2Fw%3Ard%3F%23%241%25@openstack.openstack.svc/placement?',
    );
    expect(conf).toContain('\npassword = pw$$word\n');
  });

  it('records the db-sync hash once the Job succeeded and drops the Job unless preserveJobs', () => {
    const first = planPlacement(observed(), now);
    const job = first.objects.find((o) => o.kind === 'Job') as V1Job;
    const done = Object.assign({}, job, { status: { succeeded: 1 } }) as V1Job;
    const plan = planPlacement(observed({ job: done }), now);
    expect(plan.status.hash?.dbsync).toBe(job.metadata?.annotations?.[DBSYNC_HASH_ANNOTATION]);
    expect(plan.objects.some((o) => o.kind === 'Job')).toBe(false);
    expect(plan.pruneOwned).toBe(true);
    const kept = planPlacement(observed({ job: done, placement: placementOf({ preserveJobs: true }) }), now);
    expect(kept.objects.some((o) => o.kind === 'Job')).toBe(true);
  });

  it('deletes a Job of an older definition before running the new one', () => {
    const old = renderDbSyncJob(placementOf({ nodeSelector: { a: 'b' } }), undefined);
    const plan = planPlacement(observed({ job: old }), now);
    expect(plan.deleteJob).toBe(true);
    expect(conditionOf(plan, 'DBSyncReady')?.reason).toBe('Requested');
  });

  it('is Ready once the Deployment rolled out and Keystone is ready, and keeps transition times', () => {
    const synced = (p: PlacementAPI): PlacementAPI => {
      const job = renderDbSyncJob(p, undefined);
      return {
        ...p,
        status: { ...p.status, hash: { dbsync: job.metadata?.annotations?.[DBSYNC_HASH_ANNOTATION] ?? '' } },
      };
    };
    const placement = synced(placementOf());
    const rolling = planPlacement(observed({ placement }), now);
    expect(conditionOf(rolling, 'DeploymentReady')).toMatchObject({
      status: 'False',
      message: 'Deployment in progress',
    });
    const deployment = rolledOut(rolling);
    const keystone: DependencyObject = { metadata: { name: 'placement' }, status: ready };
    const plan = planPlacement(
      observed({ placement, deployment, keystoneService: keystone, keystoneEndpoint: keystone }),
      now,
    );
    expect(plan.status.conditions?.[0]).toMatchObject({
      type: 'Ready',
      status: 'True',
      message: 'Setup complete',
    });
    expect(plan.status.readyCount).toBe(1);
    expect(plan.events.map((e) => e.reason)).toEqual(['PlacementReady']);
    const later = planPlacement(
      observed({
        placement: { ...placement, status: plan.status },
        deployment,
        keystoneService: keystone,
        keystoneEndpoint: keystone,
      }),
      new Date('2026-11-25T08:00:00Z'),
    );
    expect(later.status.conditions).toEqual(plan.status.conditions);
    expect(later.events).toEqual([]);
  });

  it('says why without keystone-operator, keeping the endpoints in status', () => {
    const placement = placementOf(
      {},
      {
        hash: {
          dbsync:
            renderDbSyncJob(placementOf(), undefined).metadata?.annotations?.[DBSYNC_HASH_ANNOTATION] ?? '',
        },
      },
    );
    const first = planPlacement(observed({ placement, installed: { ...all, keystone: false } }), now);
    const plan = planPlacement(
      observed({ placement, installed: { ...all, keystone: false }, deployment: rolledOut(first) }),
      now,
    );
    expect(conditionOf(plan, 'KeystoneServiceReady')).toMatchObject({ status: 'False', severity: 'Warning' });
    expect(conditionOf(plan, 'KeystoneServiceReady')?.message).toContain(
      'keystone-operator is not installed',
    );
    expect(plan.status.apiEndpoints).toEqual({
      internal: 'http://placement-internal.openstack.svc:8778',
      public: 'http://placement-public.openstack.svc:8778',
    });
    expect(plan.dependencies.map((d) => d.kind)).toEqual(['MariaDBAccount', 'MariaDBDatabase']);
  });

  it('changes the pod template input hash when the password changes', () => {
    const annotation = (pw: string) => {
      const plan = planPlacement(
        observed({
          placement: placementOf(
            {},
            {
              hash: {
                dbsync:
                  renderDbSyncJob(placementOf(), undefined).metadata?.annotations?.[DBSYNC_HASH_ANNOTATION] ??
                  '',
              },
            },
          ),
          secret: (_ns, name) =>
            name === 'osp-secret'
              ? secret(name, { PlacementPassword: pw })
              : secret(name, { DatabasePassword: 'dbpw' }),
        }),
        now,
      );
      const deployment = plan.objects.find((o) => o.kind === 'Deployment') as V1Deployment;
      return [
        deployment.spec?.template.metadata?.annotations?.['placement.openstack.org/input-hash'],
        deployment.metadata?.annotations?.[SPEC_HASH_ANNOTATION],
      ];
    };
    const [a, specA] = annotation('one');
    const [b, specB] = annotation('two');
    expect(a).not.toBe(b);
    expect(specA).not.toBe(specB);
  });
});

describe('worstOf', () => {
  const c = (
    type: string,
    status: 'True' | 'False' | 'Unknown',
    severity?: 'Error' | 'Warning' | 'Info',
  ) => ({
    type,
    status,
    lastTransitionTime: '',
    ...(severity ? { severity } : {}),
  });
  it.each([
    { name: 'all true', conditions: [c('A', 'True')], worst: undefined },
    { name: 'False beats Unknown', conditions: [c('A', 'Unknown'), c('B', 'False', 'Info')], worst: 'B' },
    {
      name: 'Warning beats Info',
      conditions: [c('A', 'False', 'Info'), c('B', 'False', 'Warning')],
      worst: 'B',
    },
    { name: 'ties go to the first', conditions: [c('A', 'Unknown'), c('B', 'Unknown')], worst: 'A' },
  ])('$name', ({ conditions, worst }) => {
    expect(worstOf(conditions)?.type).toBe(worst);
  });
});

describe('networkStatusOf', () => {
  it('collects the IPs of ready pods per attachment', () => {
    const pod = (readyStatus: string, ip: string) => ({
      metadata: {
        annotations: {
          'k8s.v1.cni.cncf.io/network-status': JSON.stringify([{ name: 'openstack/internalapi', ips: [ip] }]),
        },
      },
      status: { conditions: [{ type: 'Ready', status: readyStatus }] },
    });
    expect(
      networkStatusOf([pod('True', '172.17.0.30'), pod('False', '172.17.0.31')], 'openstack', [
        'internalapi',
      ]),
    ).toEqual({
      'openstack/internalapi': ['172.17.0.30'],
    });
  });
});
