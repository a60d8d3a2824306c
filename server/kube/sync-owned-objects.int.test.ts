import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig, type KubernetesObject, type V1OwnerReference } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import type { ControllerContext } from './controller-context';
import { ControllerMetrics } from './controller-metrics';
import { EventRecorder } from './events';
import { InformerSet } from './informer-set';
import { secretReader, SecretValues } from './secret-values';
import { indexByControllerUid } from './owned-index';
import { controllerReference } from './owner-references';
import { configMapResource, secretResource, serviceResource } from './resource';
import { MANAGED_BY, MANAGED_BY_LABEL, syncOwnedObjects } from './sync-owned-objects';

const kc = new KubeConfig();
kc.loadFromDefault();
const core = kc.makeApiClient(CoreV1Api);
const namespace = `owned-${randomBytes(3).toString('hex')}`;
const OWNER = 'test.rackpilot.io/owner';

const ownedResources = [secretResource, configMapResource, serviceResource];
let ctx: ControllerContext;
/** The owners: ConfigMaps without the managed-by label, so they stay out of the owned caches. */
const owners = new Map<string, KubernetesObject>();

beforeAll(async () => {
  await core.createNamespace({ body: { metadata: { name: namespace } } });
  // As the server's caches select them: by the managed-by label.
  const informers = new InformerSet(kc, ownedResources, {
    namespace,
    labelSelector: `${MANAGED_BY_LABEL}=${MANAGED_BY}`,
  });
  for (const informer of informers.all()) indexByControllerUid(informer);
  informers.start();
  await informers.waitForSync(30_000);
  ctx = {
    kc,
    informers,
    metrics: new ControllerMetrics(),
    // No Secret is read here.
    secrets: new SecretValues(secretReader(kc), () => undefined),
    events: new EventRecorder(kc, 'test', 'test-0'),
    log: () => undefined,
    controller: { name: 'test', owns: ownedResources },
  };
  for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) {
    const owner = await core.createNamespacedConfigMap({ namespace, body: { metadata: { name } } });
    owners.set(name, Object.assign({}, owner, { apiVersion: 'v1', kind: 'ConfigMap' }));
  }
});

afterAll(async () => {
  ctx.informers.stop();
  await core.deleteNamespace({ name: namespace });
});

function ownerObject(owner: string): KubernetesObject {
  const object = owners.get(owner);
  if (!object) throw new Error(`no owner ${owner}`);
  return object;
}

function owned(owner: string): KubernetesObject[] {
  // Plain objects, as the controllers render them (a Secret's stringData, a Service's spec).
  const metadata = (name: string) => ({
    name: `${owner}-${name}`,
    namespace,
    labels: { [OWNER]: owner },
    ownerReferences: [controllerReference(ownerObject(owner), configMapResource)],
  });
  return [
    { apiVersion: 'v1', kind: 'Secret', metadata: metadata('secret'), stringData: { key: 'value' } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: metadata('config'), data: { a: '1' } },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: metadata('service'),
      spec: { ports: [{ name: 'http', port: 80 }], selector: { app: owner } },
    },
  ] as unknown as KubernetesObject[];
}

const sync = (owner: string, desired: KubernetesObject[], prune?: boolean) =>
  syncOwnedObjects(ctx, ownerObject(owner), desired, prune);

/** Waits until the caches hold exactly these owned object names of the owner. */
async function cached(owner: string, names: string[]) {
  await eventually(() => {
    const held = ownedResources.flatMap((resource) =>
      ctx.informers
        .of(resource)
        .list()
        .filter((o) => o.metadata?.labels?.[OWNER] === owner)
        .map((o) => `${resource.kind}/${o.metadata?.name ?? ''}`),
    );
    expect(held.sort()).toEqual([...names].sort());
  });
}

describe('syncOwnedObjects against the API server', () => {
  it('applies what is missing, then writes nothing while the cache matches', async () => {
    const first = await sync('a', owned('a'));
    // Secrets and ConfigMaps go out together: their order among themselves is the API server's.
    expect(first.applied.slice(0, 2).sort()).toEqual(['ConfigMap/a-config', 'Secret/a-secret']);
    expect(first).toEqual({ applied: [...first.applied.slice(0, 2), 'Service/a-service'], deleted: [] });
    await cached('a', first.applied);
    expect(await sync('a', owned('a'))).toEqual({ applied: [], deleted: [] });
  });

  it('prunes the owner’s objects no longer desired, and only those', async () => {
    await sync('b', owned('b'));
    await cached('b', ['Secret/b-secret', 'ConfigMap/b-config', 'Service/b-service']);
    const [secret, , service] = owned('c');
    if (!secret || !service) throw new Error('owned objects expected');

    const result = await sync('c', [secret, service]);
    await cached('c', ['Secret/c-secret', 'Service/c-service']);
    const pruned = await sync('c', [secret]);
    expect(result.deleted).toEqual([]);
    expect(pruned).toEqual({ applied: [], deleted: ['Service/c-service'] });
    await expect(core.readNamespacedService({ name: 'c-service', namespace })).rejects.toThrow(/404/);
    // Another owner's objects in the same namespace are not touched.
    await cached('b', ['Secret/b-secret', 'ConfigMap/b-config', 'Service/b-service']);
  });

  it('keeps what is not desired when told not to prune (an owner that could not render)', async () => {
    await sync('d', owned('d'));
    await cached('d', ['Secret/d-secret', 'ConfigMap/d-config', 'Service/d-service']);
    expect(await sync('d', [], false)).toEqual({ applied: [], deleted: [] });
    expect(await sync('d', [])).toEqual({
      applied: [],
      deleted: ['Secret/d-secret', 'ConfigMap/d-config', 'Service/d-service'],
    });
    await cached('d', []);
  });

  it('changes an object whose desired fields differ from the cache', async () => {
    await sync('e', owned('e'));
    await cached('e', ['Secret/e-secret', 'ConfigMap/e-config', 'Service/e-service']);
    const changed = owned('e').map((object) =>
      object.kind === 'ConfigMap' ? { ...object, data: { a: '2' } } : object,
    );
    expect(await sync('e', changed)).toEqual({ applied: ['ConfigMap/e-config'], deleted: [] });
    expect((await core.readNamespacedConfigMap({ name: 'e-config', namespace })).data).toEqual({ a: '2' });
  });

  it('never prunes a look-alike: same labels, but another controller or none', async () => {
    await sync('f', owned('f'));
    await cached('f', ['Secret/f-secret', 'ConfigMap/f-config', 'Service/f-service']);
    const lookAlike = (name: string, ownerReferences: { ownerReferences?: V1OwnerReference[] }) => ({
      metadata: {
        name,
        labels: { [OWNER]: 'f', [MANAGED_BY_LABEL]: MANAGED_BY },
        ...ownerReferences,
      },
      data: { a: '1' },
    });
    await core.createNamespacedConfigMap({ namespace, body: lookAlike('f-unowned', {}) });
    await core.createNamespacedConfigMap({
      namespace,
      body: lookAlike('f-others', {
        ownerReferences: [controllerReference(ownerObject('e'), configMapResource)],
      }),
    });
    await cached('f', [
      'Secret/f-secret',
      'ConfigMap/f-config',
      'Service/f-service',
      'ConfigMap/f-unowned',
      'ConfigMap/f-others',
    ]);
    expect(await sync('f', [])).toEqual({
      applied: [],
      deleted: ['Secret/f-secret', 'ConfigMap/f-config', 'Service/f-service'],
    });
    await cached('f', ['ConfigMap/f-unowned', 'ConfigMap/f-others']);
  });
});
