import { randomBytes } from 'node:crypto';
import {
  CoreV1Api,
  KubeConfig,
  type V1Deployment,
  type V1Secret,
  type V1Service,
} from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControllers, type ControllerHarness } from '../../../tools/testenv/controller-harness';
import { reconcilesOf, untilIdle } from '../../../tools/testenv/controller-idle';
import { eventually } from '../../../tools/testenv/eventually';
import { applyObject } from '../../kube/apply';
import { KubeRequestError, kubeGetJson, kubeRequestJson } from '../../kube/kube-request';
import { collectionPath, deploymentResource, secretResource, serviceResource } from '../../kube/resource';
import {
  ironicDatabaseResource,
  ironicResource,
  type Ironic,
  type IronicDatabase,
  type IronicSpec,
} from '../../types/crds';
import {
  createFixtureObject,
  fixtureObject,
  objectPathOf,
  upstreamFixture,
} from '../../../tools/testenv/upstream-shapes';
import { htpasswdMatches } from './credentials';
import { API_SECRET_VERSION_ANNOTATION, IRONIC_SERVICE_LABEL } from './ironic-names';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `ironic-${randomBytes(3).toString('hex')}`;
let harness: ControllerHarness;

const path = (
  resource: { group: string; version: string; plural: string; kind: string; namespaced: boolean },
  name: string,
) => `${collectionPath(resource, namespace)}/${name}`;

async function get<T>(resource: Parameters<typeof path>[0], name: string): Promise<T | undefined> {
  try {
    return await kubeGetJson<T>(kc, path(resource, name));
  } catch (error) {
    if (error instanceof KubeRequestError && error.status === 404) return undefined;
    throw error;
  }
}

const getIronic = (name: string) => get<Ironic>(ironicResource, name);
const getSecret = (name: string) => get<V1Secret>(secretResource, name);
const getDeployment = (name: string) => get<V1Deployment>(deploymentResource, name);

function readyOf(object: Ironic | IronicDatabase | undefined) {
  return object?.status?.conditions?.find((c) => c.type === 'Ready');
}

function text(secret: V1Secret | undefined, key: string): string | undefined {
  const value = secret?.data?.[key];
  return value === undefined ? undefined : Buffer.from(value, 'base64').toString('utf8');
}

async function createIronic(name: string, spec: IronicSpec): Promise<void> {
  await kubeRequestJson(kc, collectionPath(ironicResource, namespace), {
    method: 'POST',
    body: { apiVersion: 'metal3.io/v1alpha1', kind: 'Ironic', metadata: { name, namespace }, spec },
  });
}

async function mergeIronic(name: string, patch: unknown): Promise<void> {
  await kubeRequestJson(kc, path(ironicResource, name), {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: patch,
  });
}

async function expectReady(name: string): Promise<Ironic> {
  return eventually(async () => {
    const ironic = await getIronic(name);
    const ready = readyOf(ironic);
    expect(ready?.status, ready?.message).toBe('True');
    expect(ready?.observedGeneration).toBe(ironic?.metadata.generation);
    return ironic as Ironic;
  }, 60_000);
}

function tlsSecret(name: string): V1Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'kubernetes.io/tls',
    metadata: { name, namespace },
    stringData: { 'tls.crt': 'certificate', 'tls.key': 'key' },
  };
}

beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  harness = await startControllers(kc, ['ironic']);
}, 120_000);

afterAll(async () => {
  await harness.stop();
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

describe('Ironic controller on the real API server', () => {
  it('waits for the TLS Secret and the database, then becomes Ready with stable generated credentials', async () => {
    await kubeRequestJson(kc, collectionPath(ironicDatabaseResource, namespace), {
      method: 'POST',
      body: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'IronicDatabase',
        metadata: { name: 'db', namespace },
        spec: {},
      },
    });
    await createIronic('lab', {
      tlsRef: { name: 'lab-tls' },
      databaseRef: { name: 'db' },
      networking: {
        ipAddress: '10.89.0.1',
        dhcp: { networkCIDR: '10.89.0.1/24', rangeBegin: '10.89.0.10', rangeEnd: '10.89.0.100' },
      },
    });

    // No TLS Secret yet: not Ready, and the message names it.
    const waiting = await eventually(async () => {
      const ready = readyOf(await getIronic('lab'));
      expect(ready?.reason).toBe('DeploymentFailed');
      return ready;
    });
    expect(waiting?.message).toContain('TLS Secret lab-tls not found');
    expect(await getDeployment('lab-service')).toBeUndefined();

    await applyObject(kc, secretResource, tlsSecret('lab-tls'));
    const ready = await expectReady('lab');
    expect(readyOf(ready)?.reason).toBe('DeploymentAvailable');
    expect(readyOf(ready)?.message).toBe('ironic is available');
    expect(ready.status?.installedVersion).toEqual({ branch: 'latest' });

    const database = await get<IronicDatabase>(ironicDatabaseResource, 'db');
    expect(readyOf(database)?.status).toBe('True');
    expect(database?.spec?.credentialsRef).toEqual({ name: 'db-database-credentials' });
    expect(await get<V1Service>(serviceResource, 'db-database')).toBeDefined();

    const credentialsName = ready.spec?.credentialsRef?.name ?? '';
    expect(credentialsName).toBe('lab-credentials');
    const credentials = await getSecret(credentialsName);
    const username = text(credentials, 'username') ?? '';
    const password = text(credentials, 'password') ?? '';
    expect(username).toBe('lab');
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(await htpasswdMatches(text(credentials, 'htpasswd'), { username, password })).toBe(true);

    const service = await get<V1Service>(serviceResource, 'lab');
    expect(service?.spec?.ports?.map((p) => [p.name, p.port])).toEqual([
      ['ironic-api', 443],
      ['image-svc', 8080],
      ['image-svc-tls', 8443],
    ]);
    const deployment = await getDeployment('lab-service');
    expect(deployment?.status?.availableReplicas).toBe(1);
    const pod = deployment?.spec?.template;
    expect(pod?.metadata?.labels?.[IRONIC_SERVICE_LABEL]).toBe('ironic-service');
    expect(pod?.spec?.hostNetwork).toBe(true);
    expect(pod?.spec?.containers.map((c) => c.name)).toEqual(['ironic', 'httpd', 'ramdisk-logs', 'dnsmasq']);
    const ironicEnv = Object.fromEntries(
      (pod?.spec?.containers[0]?.env ?? []).map((e) => [e.name, e.value ?? e.valueFrom?.secretKeyRef?.name]),
    );
    expect(ironicEnv.MARIADB_HOST).toBe(`db-database.${namespace}.svc:3306`);
    expect(ironicEnv.PROVISIONING_IP).toBe('10.89.0.1');
    const dnsmasqEnv = pod?.spec?.containers[3]?.env ?? [];
    expect(dnsmasqEnv).toContainEqual({ name: 'DHCP_RANGE', value: '10.89.0.10,10.89.0.100,24' });

    // Another pass (an annotation change wakes the controller) keeps the same credentials. The poke
    // leaves the generation alone, so the pass is seen in the reconcile count, not in the status.
    const passes = await untilIdle(harness, 'ironic');
    await mergeIronic('lab', { metadata: { annotations: { 'test.rackpilot.io/poke': '1' } } });
    await eventually(async () => expect(await reconcilesOf(harness, 'ironic')).toBeGreaterThan(passes));
    await expectReady('lab');
    const again = await getSecret(credentialsName);
    expect(again?.data).toEqual(credentials?.data);
    expect((await getIronic('lab'))?.spec?.credentialsRef?.name).toBe(credentialsName);

    // Both planners are timed, as every controller's: rackpilot_plan_duration_seconds and _cpu_seconds.
    const metrics = await harness.metrics.registry.metrics();
    for (const controller of ['ironic', 'ironic-database'])
      for (const series of ['duration', 'cpu'])
        expect(metrics).toMatch(
          new RegExp(`^rackpilot_plan_${series}_seconds_count\\{controller="${controller}"\\} [1-9]`, 'm'),
        );
  });

  it('rolls the Deployment when the password in the credentials Secret changes', async () => {
    const before = await getDeployment('lab-service');
    const versionBefore = before?.spec?.template.metadata?.annotations?.[API_SECRET_VERSION_ANNOTATION];
    expect(versionBefore).toBeTruthy();
    await kubeRequestJson(kc, path(secretResource, 'lab-credentials'), {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: { stringData: { password: 'a-new-password-of-enough-length' } },
    });
    const after = await eventually(async () => {
      const deployment = await getDeployment('lab-service');
      const version = deployment?.spec?.template.metadata?.annotations?.[API_SECRET_VERSION_ANNOTATION];
      expect(version).not.toBe(versionBefore);
      return deployment;
    });
    expect(after?.metadata?.generation).toBeGreaterThan(before?.metadata?.generation ?? 0);
    const secret = await getSecret('lab-credentials');
    expect(
      await htpasswdMatches(text(secret, 'htpasswd'), {
        username: 'lab',
        password: 'a-new-password-of-enough-length',
      }),
    ).toBe(true);
    await expectReady('lab');
  });

  it('is Ready only once its Deployment is available', async () => {
    // No node carries this label, so the pod cannot be scheduled.
    await createIronic('pending', { nodeSelector: { 'test.rackpilot.io/nowhere': 'true' } });
    const waiting = await eventually(async () => {
      const ironic = await getIronic('pending');
      expect(readyOf(ironic)?.message).toMatch(/not available yet/);
      expect(await getDeployment('pending-service')).toBeDefined();
      return ironic;
    });
    expect(readyOf(waiting)?.reason).toBe('DeploymentInProgress');
    expect(readyOf(waiting)?.status).toBe('False');
    // Without TLS the API is on port 80; without a database Ironic runs on SQLite.
    const service = await get<V1Service>(serviceResource, 'pending');
    expect(service?.spec?.ports?.map((p) => p.port)).toEqual([80, 8080]);
    const deployment = await getDeployment('pending-service');
    expect(deployment?.spec?.template.spec?.containers[0]?.env).toContainEqual({
      name: 'IRONIC_USE_MARIADB',
      value: 'false',
    });

    await mergeIronic('pending', { spec: { nodeSelector: null } });
    await expectReady('pending');
  });

  it('refuses a DHCP range outside the network at the API server', async () => {
    const error = await createIronic('bad-range', {
      networking: {
        ipAddress: '10.89.0.1',
        dhcp: { networkCIDR: '10.89.0.0/24', rangeBegin: '10.89.0.10', rangeEnd: '10.89.1.100' },
      },
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(KubeRequestError);
    expect((error as KubeRequestError).status).toBe(422);
    expect((error as KubeRequestError).message).toContain(
      'spec.networking.dhcp.rangeEnd must be inside spec.networking.dhcp.networkCIDR',
    );
    expect(await getIronic('bad-range')).toBeUndefined();
  });

  it('leaves a Secret that is not its own alone and says why it cannot generate credentials', async () => {
    await applyObject(kc, secretResource, {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'taken-credentials', namespace },
      stringData: { note: 'kept by hand' },
    });
    await createIronic('taken', {});
    await eventually(async () => {
      const ready = readyOf(await getIronic('taken'));
      expect(ready?.status).toBe('False');
      expect(ready?.message).toContain('Secret taken-credentials already exists and was not generated');
    }, 30_000);
    const secret = await getSecret('taken-credentials');
    expect(Object.keys(secret?.data ?? {})).toEqual(['note']);
    expect((await getIronic('taken'))?.spec?.credentialsRef).toBeUndefined();
    await kubeRequestJson(kc, path(ironicResource, 'taken'), { method: 'DELETE' });
  });

  it('removes everything it created when the Ironic and its database are deleted', async () => {
    for (const name of ['lab', 'pending'])
      await kubeRequestJson(kc, path(ironicResource, name), { method: 'DELETE' });
    await kubeRequestJson(kc, path(ironicDatabaseResource, 'db'), { method: 'DELETE' });
    await eventually(async () => {
      expect(await getIronic('lab')).toBeUndefined();
      expect(await get(ironicDatabaseResource, 'db')).toBeUndefined();
      for (const name of ['lab-service', 'pending-service', 'db-database'])
        expect(await getDeployment(name), name).toBeUndefined();
      for (const name of ['lab', 'pending', 'db-database'])
        expect(await get(serviceResource, name), name).toBeUndefined();
      for (const name of ['lab-credentials', 'pending-credentials', 'db-database-credentials'])
        expect(await getSecret(name), name).toBeUndefined();
    });
    // The user's TLS Secret is theirs: it stays.
    expect(await getSecret('lab-tls')).toBeDefined();
  });
});

describe('upstream examples (tests/fixtures/upstream-shapes) reconciled', () => {
  const README = 'ironic-standalone-operator/readme-database-example.yaml';
  const SAMPLE = 'ironic-standalone-operator/sample-ironicdatabase.yaml';

  // Their finalizers need the controller: delete them while it still runs.
  afterAll(async () => {
    const objects = [...upstreamFixture(README).objects, fixtureObject(SAMPLE, 'IronicDatabase')];
    for (const object of objects) {
      await kubeRequestJson(kc, objectPathOf(object, namespace), { method: 'DELETE' }).catch(() => undefined);
    }
    await eventually(async () => {
      for (const object of objects) {
        await expect(kubeGetJson(kc, objectPathOf(object, namespace))).rejects.toThrow();
      }
    });
  }, 60_000);

  it("the era README's TLS Secret, IronicDatabase (tlsRef) and Ironic (databaseRef, tlsRef, DHCP, ramdiskSSHKey) reach Ready unchanged", async () => {
    for (const object of upstreamFixture(README).objects) await createFixtureObject(kc, object, namespace);
    const ironic = fixtureObject(README, 'Ironic');
    const ready = await expectReady(ironic.metadata.name);
    // As written, plus the credentials Secret the controller generated and linked, as upstream does.
    expect(ready.spec).toMatchObject(ironic.spec as object);
    expect(ready.spec?.credentialsRef?.name).toBeTruthy();
    expect(ready.status?.installedVersion).toEqual({ branch: 'latest' });
  }, 120_000);

  it("the era's IronicDatabase sample (spec: null) reaches Ready", async () => {
    const database = fixtureObject(SAMPLE, 'IronicDatabase');
    await createFixtureObject(kc, database, namespace);
    await eventually(async () => {
      const ready = readyOf(await get<IronicDatabase>(ironicDatabaseResource, database.metadata.name));
      expect(ready?.status, ready?.message).toBe('True');
    }, 90_000);
  }, 120_000);
});
