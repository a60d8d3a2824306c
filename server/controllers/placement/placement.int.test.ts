// The PlacementAPI controller on the real control plane, scenario for scenario with
// placement-operator's functional suite; dependencies are simulated as lib-common's test helpers do.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  CoreV1Api,
  KubeConfig,
  type V1Deployment,
  type V1Job,
  type V1Secret,
  type V1Service,
} from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControllers, type ControllerHarness } from '../../../tools/testenv/controller-harness';
import { eventually } from '../../../tools/testenv/eventually';
import {
  installStandInCrds,
  seedOpenStackNamespace,
  simulateLoadBalancerIP,
  simulateReady,
  standInResource,
} from '../../../tools/lab/openstack-stand-ins';
import { applyObject, objectPath } from '../../kube/apply';
import { installCrds, readCrdFiles } from '../../kube/install-crds';
import { KubeRequestError, kubeGetJson, kubeRequestJson } from '../../kube/kube-request';
import {
  collectionPath,
  deploymentResource,
  jobResource,
  roleBindingResource,
  roleResource,
  secretResource,
  serviceAccountResource,
  serviceResource,
  type ResourceDescriptor,
} from '../../kube/resource';
import { placementApiResource, type PlacementAPI, type PlacementAPISpec } from '../../types/crds';
import type { DependencyObject } from './dependency-resources';
import { INPUT_HASH_ANNOTATION, PLACEMENT_FINALIZER } from './placement-names';

const kc = new KubeConfig();
kc.loadFromDefault();
const suffix = randomBytes(3).toString('hex');
const ns = `placement-${suffix}`;
const lbNs = `placement-lb-${suffix}`;
let harness: ControllerHarness;

async function get<T>(resource: ResourceDescriptor, namespace: string, name: string): Promise<T | undefined> {
  try {
    return await kubeGetJson<T>(kc, objectPath(resource, namespace, name));
  } catch (error) {
    if (error instanceof KubeRequestError && error.status === 404) return undefined;
    throw error;
  }
}

const getPlacement = (name: string, namespace = ns) =>
  get<PlacementAPI>(placementApiResource, namespace, name);
const conditionOf = (p: PlacementAPI | undefined, type: string) =>
  p?.status?.conditions?.find((c) => c.type === type);
const text = (secret: V1Secret | undefined, key: string) =>
  Buffer.from(secret?.data?.[key] ?? '', 'base64').toString('utf8');

async function create(name: string, spec: Partial<PlacementAPISpec>, namespace = ns): Promise<void> {
  await kubeRequestJson(kc, collectionPath(placementApiResource, namespace), {
    method: 'POST',
    body: {
      apiVersion: 'placement.openstack.org/v1beta1',
      kind: 'PlacementAPI',
      metadata: { name, namespace },
      spec,
    },
  });
}

async function patch(
  name: string,
  spec: Partial<PlacementAPISpec> | Record<string, unknown>,
  namespace = ns,
) {
  await kubeRequestJson(kc, objectPath(placementApiResource, namespace, name), {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: { spec },
  });
}

async function inputSecret(name: string, data: Record<string, string>, namespace = ns): Promise<void> {
  await kubeRequestJson(kc, objectPath(secretResource, namespace, name), {
    method: 'PUT',
    body: { apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace }, stringData: data },
  }).catch(async (error: unknown) => {
    if (!(error instanceof KubeRequestError && error.status === 404)) throw error;
    await applyObject(kc, secretResource, {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name, namespace },
      stringData: data,
    });
  });
}

async function expectCondition(name: string, type: string, status: string, namespace = ns) {
  return eventually(async () => {
    const placement = await getPlacement(name, namespace);
    const condition = conditionOf(placement, type);
    expect(condition?.status, `${type}: ${condition?.message ?? 'absent'}`).toBe(status);
    expect(placement?.status?.observedGeneration).toBe(placement?.metadata.generation);
    return placement as PlacementAPI;
  }, 90_000);
}

const readyDependency = (kind: string, namespace: string, name: string) =>
  eventually(() => simulateReady(kc, kind, namespace, name), 30_000);

beforeAll(async () => {
  const core = kc.makeApiClient(CoreV1Api);
  for (const name of [ns, lbNs]) await core.createNamespace({ body: { metadata: { name } } });
  await installStandInCrds(kc);
  // A shared test cluster may hold an older copy of the PlacementAPI CRD (without status.apiEndpoints).
  const crds = await readCrdFiles(fileURLToPath(new URL('../../../crds', import.meta.url)));
  await installCrds(
    kc,
    crds.filter((crd) => crd.spec.group === 'placement.openstack.org'),
  );
  for (const name of [ns, lbNs]) await seedOpenStackNamespace(kc, name);
  harness = await startControllers(kc, ['placement']);
}, 180_000);

afterAll(async () => {
  await harness.stop();
  const core = kc.makeApiClient(CoreV1Api);
  for (const name of [ns, lbNs]) await core.deleteNamespace({ name });
});

describe('PlacementAPI controller on the real API server', () => {
  it('stores the finalizer and the defaults, starts every later condition Unknown, and waits for the input Secret', async () => {
    await create('placement', { databaseInstance: 'openstack', secret: 'osp-secret' });
    const waiting = await expectCondition('placement', 'InputReady', 'False');
    expect(waiting.metadata.finalizers).toContain(PLACEMENT_FINALIZER);
    expect(waiting.spec).toMatchObject({
      serviceUser: 'placement',
      databaseAccount: 'placement',
      replicas: 1,
      passwordSelectors: { service: 'PlacementPassword' },
      containerImage: 'quay.io/podified-antelope-centos9/openstack-placement-api:current-podified',
    });
    expect(conditionOf(waiting, 'InputReady')).toMatchObject({
      reason: 'Error',
      severity: 'Warning',
      message: 'Input data resources missing: Secret osp-secret',
    });
    for (const type of [
      'DBReady',
      'DBSyncReady',
      'DeploymentReady',
      'CreateServiceReady',
      'KeystoneServiceReady',
    ])
      expect(conditionOf(waiting, type)).toMatchObject({ status: 'Unknown', reason: 'Init' });
    expect(conditionOf(waiting, 'TopologyReady')).toBeUndefined();
    expect(waiting.status?.conditions?.[0]).toMatchObject({
      type: 'Ready',
      status: 'False',
      message: 'Input data resources missing: Secret osp-secret',
    });
    // RBAC comes first, as upstream.
    expect(await get(serviceAccountResource, ns, 'placement-placement')).toBeDefined();
    expect(await get(roleResource, ns, 'placement-placement-role')).toBeDefined();
    expect(await get(roleBindingResource, ns, 'placement-placement-rolebinding')).toBeDefined();
    expect(await get(deploymentResource, ns, 'placement')).toBeUndefined();
  }, 240_000);

  it('names the missing key, then creates the MariaDB account and database and waits for them', async () => {
    await inputSecret('osp-secret', { NovaPassword: 'x' });
    await eventually(async () => {
      const condition = conditionOf(await getPlacement('placement'), 'InputReady');
      expect(condition?.message).toBe(
        "Input data error occurred field 'PlacementPassword' not found in Secret osp-secret",
      );
    }, 60_000);
    await inputSecret('osp-secret', { PlacementPassword: 'first-password' });
    const waiting = await expectCondition('placement', 'DBReady', 'False');
    expect(conditionOf(waiting, 'DBReady')).toMatchObject({
      reason: 'Requested',
      severity: 'Info',
      message: 'DB create job still running',
    });
    const database = await get<DependencyObject>(standInResource('MariaDBDatabase'), ns, 'placement');
    const account = await get<DependencyObject>(standInResource('MariaDBAccount'), ns, 'placement');
    expect(database?.metadata?.finalizers).toContain(PLACEMENT_FINALIZER);
    expect(database?.metadata?.labels?.dbName).toBe('openstack');
    expect(account?.spec?.secret).toBe('placement-db-secret');
    await readyDependency('MariaDBAccount', ns, 'placement');
    await readyDependency('MariaDBDatabase', ns, 'placement');
    const created = await expectCondition('placement', 'DBReady', 'True');
    expect(created.status?.databaseHostname).toBe(`openstack.${ns}.svc`);
  }, 240_000);

  it('renders the configuration into Secrets with the Keystone URLs, region and database URL', async () => {
    await expectCondition('placement', 'ServiceConfigReady', 'True');
    const config = await get<V1Secret>(secretResource, ns, 'placement-config-data');
    const conf = text(config, 'placement.conf');
    expect(conf).toContain('region_name = regionOne');
    expect(conf).toContain(`auth_url = http://keystone-internal.${ns}.svc:5000`);
    expect(conf).toContain('password = first-password');
    expect(conf).toMatch(
      new RegExp(`connection = mysql\\+pymysql://placement:[^@]+@openstack\\.${ns}\\.svc/placement`),
    );
    expect(await get<V1Secret>(secretResource, ns, 'placement-scripts')).toBeDefined();
    const configMaps = await kubeGetJson<{ items: unknown[] }>(
      kc,
      `/api/v1/namespaces/${ns}/configmaps?labelSelector=service%3Dplacement`,
    );
    expect(configMaps.items).toHaveLength(0);
  }, 240_000);

  it('runs db-sync once per definition, removes the finished Job, and reaches Ready with Keystone', async () => {
    const synced = await expectCondition('placement', 'DBSyncReady', 'True');
    const hash = synced.status?.hash?.dbsync;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    await eventually(
      async () => expect(await get<V1Job>(jobResource, ns, 'placement-db-sync')).toBeUndefined(),
      60_000,
    );
    await expectCondition('placement', 'DeploymentReady', 'True');
    await readyDependency('KeystoneService', ns, 'placement');
    await readyDependency('KeystoneEndpoint', ns, 'placement');
    const ready = await expectCondition('placement', 'Ready', 'True');
    expect(ready.status?.readyCount).toBe(1);
    expect(ready.status?.apiEndpoints).toEqual({
      internal: `http://placement-internal.${ns}.svc:8778`,
      public: `http://placement-public.${ns}.svc:8778`,
    });
    const service = await get<V1Service>(serviceResource, ns, 'placement-public');
    expect(service?.spec?.ports?.[0]?.port).toBe(8778);
    expect(service?.metadata?.annotations?.['core.openstack.org/ingress_create']).toBe('true');
    // A change that leaves the Job's definition alone does not run it again.
    await patch('placement', { customServiceConfig: '[DEFAULT]\ndebug = false\n' });
    const after = await expectCondition('placement', 'Ready', 'True');
    expect(after.status?.hash?.dbsync).toBe(hash);
    expect(await get<V1Job>(jobResource, ns, 'placement-db-sync')).toBeUndefined();
    const metrics = await harness.metrics.registry.metrics();
    expect(metrics).toMatch(/^rackpilot_plan_duration_seconds_count\{controller="placement"\} [1-9]/m);
    expect(metrics).toMatch(/^rackpilot_plan_cpu_seconds_count\{controller="placement"\} [1-9]/m);
  }, 240_000);

  it('rolls the Deployment when the password changes', async () => {
    const before = await get<V1Deployment>(deploymentResource, ns, 'placement');
    const hash = before?.spec?.template.metadata?.annotations?.[INPUT_HASH_ANNOTATION];
    await inputSecret('osp-secret', { PlacementPassword: 'second-password' });
    await eventually(async () => {
      const after = await get<V1Deployment>(deploymentResource, ns, 'placement');
      const rolled = after?.spec?.template.metadata?.annotations?.[INPUT_HASH_ANNOTATION];
      expect(rolled).toBeDefined();
      expect(rolled).not.toBe(hash);
      expect((await getPlacement('placement'))?.status?.hash?.input).toBe(rolled);
    }, 60_000);
  }, 240_000);

  it('applies a nodeSelector (db-sync waits while no node matches), changes and clears it, re-running db-sync', async () => {
    // From a settled state: the previous test's rollout may still be in progress.
    const hash = (await expectCondition('placement', 'Ready', 'True')).status?.hash?.dbsync;
    await patch('placement', { nodeSelector: { 'rackpilot.io/no-such-node': 'x' } });
    const waiting = await expectCondition('placement', 'DBSyncReady', 'False');
    expect(conditionOf(waiting, 'DBSyncReady')?.message).toBe('DBsync job still running');
    expect(conditionOf(waiting, 'DeploymentReady')).toMatchObject({ status: 'Unknown', reason: 'Init' });
    const job = await eventually(async () => {
      const found = await get<V1Job>(jobResource, ns, 'placement-db-sync');
      expect(found?.spec?.template.spec?.nodeSelector).toEqual({ 'rackpilot.io/no-such-node': 'x' });
      return found;
    }, 60_000);
    expect(job).toBeDefined();
    // A merge patch merges maps: the old key is removed by name.
    await patch('placement', {
      nodeSelector: { 'rackpilot.io/no-such-node': null, 'kubernetes.io/os': 'linux' },
    });
    await eventually(async () => {
      const deployment = await get<V1Deployment>(deploymentResource, ns, 'placement');
      expect(deployment?.spec?.template.spec?.nodeSelector).toEqual({ 'kubernetes.io/os': 'linux' });
    }, 90_000);
    const linux = await expectCondition('placement', 'Ready', 'True');
    expect(linux.status?.hash?.dbsync).not.toBe(hash);
    await patch('placement', { nodeSelector: null });
    const ready = await eventually(async () => {
      const placement = await expectCondition('placement', 'Ready', 'True');
      // The definition is the first one again, and so is its hash.
      expect(placement.status?.hash?.dbsync).toBe(hash);
      return placement;
    }, 90_000);
    expect(ready.status?.readyCount).toBe(1);
    const deployment = await get<V1Deployment>(deploymentResource, ns, 'placement');
    expect(deployment?.spec?.template.spec?.nodeSelector).toBeUndefined();
  }, 240_000);

  it('scales to 0 and back', async () => {
    await patch('placement', { replicas: 0 });
    await eventually(async () => {
      const placement = await expectCondition('placement', 'Ready', 'True');
      expect(placement.status?.readyCount).toBe(0);
    }, 60_000);
    await patch('placement', { replicas: 1 });
    await eventually(async () => {
      const placement = await expectCondition('placement', 'Ready', 'True');
      expect(placement.status?.readyCount).toBe(1);
    }, 60_000);
  }, 240_000);

  it('exposes the internal endpoint as a MetalLB LoadBalancer and publishes the public endpointURL', async () => {
    await inputSecret('osp-secret', { PlacementPassword: 'lb' }, lbNs);
    await create(
      'placement-lb',
      {
        databaseInstance: 'openstack',
        secret: 'osp-secret',
        override: {
          service: {
            internal: {
              metadata: {
                annotations: {
                  'metallb.universe.tf/address-pool': 'osp-internalapi',
                  'metallb.universe.tf/allow-shared-ip': 'osp-internalapi',
                  'metallb.universe.tf/loadBalancerIPs': '172.17.0.80',
                },
                labels: { internal: 'true' },
              },
              spec: { type: 'LoadBalancer' },
            },
            public: { endpointURL: 'http://placement-openstack.apps-crc.testing' },
          },
        },
      },
      lbNs,
    );
    await readyDependency('MariaDBAccount', lbNs, 'placement');
    await readyDependency('MariaDBDatabase', lbNs, 'placement');
    const waiting = await expectCondition('placement-lb', 'CreateServiceReady', 'False', lbNs);
    expect(conditionOf(waiting, 'CreateServiceReady')?.reason).toBe('Requested');
    const internal = await get<V1Service>(serviceResource, lbNs, 'placement-internal');
    expect(internal?.spec?.type).toBe('LoadBalancer');
    expect(internal?.metadata?.annotations?.['metallb.universe.tf/address-pool']).toBe('osp-internalapi');
    expect(internal?.metadata?.annotations?.['dnsmasq.network.openstack.org/hostname']).toBe(
      `placement-internal.${lbNs}.svc`,
    );
    expect(internal?.metadata?.labels?.internal).toBe('true');
    await simulateLoadBalancerIP(kc, lbNs, 'placement-internal', '172.17.0.80');
    await expectCondition('placement-lb', 'DeploymentReady', 'True', lbNs);
    await readyDependency('KeystoneService', lbNs, 'placement');
    await readyDependency('KeystoneEndpoint', lbNs, 'placement');
    const ready = await expectCondition('placement-lb', 'Ready', 'True', lbNs);
    expect(ready.status?.apiEndpoints?.public).toBe('http://placement-openstack.apps-crc.testing');
    const endpoint = await get<DependencyObject>(standInResource('KeystoneEndpoint'), lbNs, 'placement');
    expect(endpoint?.spec?.endpoints).toEqual({
      public: 'http://placement-openstack.apps-crc.testing',
      internal: `http://placement-internal.${lbNs}.svc:8778`,
    });
  }, 240_000);

  it('on deletion removes its finalizer from the database, account and Keystone objects, then its own', async () => {
    await kubeRequestJson(kc, objectPath(placementApiResource, ns, 'placement'), { method: 'DELETE' });
    await eventually(async () => expect(await getPlacement('placement')).toBeUndefined(), 60_000);
    for (const kind of ['MariaDBDatabase', 'MariaDBAccount', 'KeystoneService', 'KeystoneEndpoint']) {
      const object = await get<DependencyObject>(standInResource(kind), ns, 'placement');
      expect(object?.metadata?.finalizers ?? [], kind).not.toContain(PLACEMENT_FINALIZER);
    }
  }, 240_000);
});
