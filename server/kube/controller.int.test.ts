import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig, type KubernetesObject, type V1ConfigMap } from '@kubernetes/client-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { Controller } from './controller';
import type {
  AnyControllerDeclaration,
  ReconcileRequest,
  ReconcileResult,
  Reconciler,
} from './controller-declaration';
import { ControllerMetrics } from './controller-metrics';
import { EventRecorder } from './events';
import { InformerSet } from './informer-set';
import { secretReader, SecretValues } from './secret-values';
import { type ResourceDescriptor, configMapResource } from './resource';
import { writtenOver } from './written-objects';

const kc = new KubeConfig();
kc.loadFromDefault();
const core = kc.makeApiClient(CoreV1Api);
const namespace = `controller-${randomBytes(3).toString('hex')}`;

const resource = (kind: 'ConfigMap' | 'Secret', plural: string): ResourceDescriptor => ({
  group: '',
  version: 'v1',
  plural,
  kind,
  namespaced: true,
});

let informers: InformerSet;
let controller: Controller | undefined;

beforeAll(async () => {
  await core.createNamespace({ body: { metadata: { name: namespace } } });
  // The label keeps out kube-root-ca.crt, which the controller manager puts in every namespace.
  informers = new InformerSet(kc, [resource('ConfigMap', 'configmaps'), resource('Secret', 'secrets')], {
    namespace,
    labelSelector: 'test=controller',
  });
  informers.start();
  await informers.waitForSync(30_000);
});

afterEach(async () => {
  await controller?.stop();
  controller = undefined;
});

afterAll(async () => {
  informers.stop();
  await core.deleteNamespace({ name: namespace });
});

const labels = { test: 'controller' };

function configMap(name: string, extra: Record<string, string> = {}) {
  return core.createNamespacedConfigMap({
    namespace,
    body: { metadata: { name, labels: { ...labels, ...extra } }, data: { v: '1' } },
  });
}

const configMaps = resource('ConfigMap', 'configmaps');
const secrets = resource('Secret', 'secrets');

/**
 * A controller over this file's ConfigMaps whose reconcile records each key and answers with
 * `answer` (given the object it was handed); `finalize` (when given) records the key under "finalize:"
 * and answers too.
 */
function start(
  answer: (
    request: ReconcileRequest,
    seen: number,
    object: KubernetesObject,
  ) => ReconcileResult | undefined | Promise<ReconcileResult | undefined>,
  extra: Partial<AnyControllerDeclaration> = {},
  finalize?: (request: ReconcileRequest, seen: number) => ReconcileResult | undefined,
) {
  const seen: string[] = [];
  const metrics = new ControllerMetrics();
  const log: string[] = [];
  const times = (key: string) => seen.filter((k) => k === key).length;
  const reconciler: Reconciler<KubernetesObject> = {
    reconcile: (object, request) => {
      seen.push(request.key);
      return Promise.resolve(answer(request, times(request.key), object));
    },
    ...(finalize && {
      finalize: (_object: KubernetesObject, request: ReconcileRequest) => {
        seen.push(`finalize:${request.key}`);
        return Promise.resolve(finalize(request, times(`finalize:${request.key}`)));
      },
    }),
  };
  const declaration: AnyControllerDeclaration = {
    name: 'test',
    reconciles: configMaps,
    owns: [],
    watches: [],
    setup: () => reconciler,
    ...extra,
  };
  controller = new Controller(declaration, reconciler, {
    kc,
    informers,
    metrics,
    // No Secret is read here.
    secrets: new SecretValues(secretReader(kc), () => undefined),
    events: new EventRecorder(kc, 'test', 'test-0'),
    log: (line) => log.push(line),
    controller: { name: declaration.name, owns: declaration.owns },
  });
  controller.start();
  const results = async (result: string) =>
    (await metrics.reconciles.get()).values.find((v) => v.labels.result === result)?.value ?? 0;
  return { seen, count: times, log, results };
}

describe('Controller against the API server', () => {
  it('reconciles what is cached at start, then adds and changes worth acting on', async () => {
    await configMap('before');
    await eventually(() => {
      expect(
        informers
          .of(configMapResource)
          .list()
          .map((o) => o.metadata?.name),
      ).toContain('before');
    });
    // One worker and a FIFO queue: once a later key is reconciled, every earlier one was.
    const { count } = start(() => undefined, { workers: 1 });
    await eventually(() => {
      expect(count(`${namespace}/before`)).toBe(1);
    });

    await configMap('added');
    await eventually(() => {
      expect(count(`${namespace}/added`)).toBe(1);
    });

    // A data change leaves generation, labels and annotations as they were: nothing to act on.
    const added = await core.readNamespacedConfigMap({ name: 'added', namespace });
    added.data = { v: '2' };
    const changed = await core.replaceNamespacedConfigMap({ name: 'added', namespace, body: added });
    await configMap('after-data-change');
    await eventually(() => {
      expect(count(`${namespace}/after-data-change`)).toBe(1);
    });
    expect(count(`${namespace}/added`)).toBe(1);

    if (changed.metadata) changed.metadata.labels = { ...labels, touched: 'yes' };
    await core.replaceNamespacedConfigMap({ name: 'added', namespace, body: changed });
    await eventually(() => {
      expect(count(`${namespace}/added`)).toBe(2);
    });
  });

  it('hands a pass what this process last wrote, before the watch has delivered it', async () => {
    await configMap('written');
    await eventually(() => expect(informers.of(configMapResource).get('written', namespace)).toBeDefined());
    const handed: string[] = [];
    const { count } = start(async (request, seen, object) => {
      if (request.name !== 'written') return undefined;
      const { data } = object as V1ConfigMap;
      handed.push(data?.v ?? '');
      if (seen > 1) return undefined;
      // What writeStatus and syncOwnedObjects do with the object a write returns.
      const stored = await core.replaceNamespacedConfigMap({
        name: 'written',
        namespace,
        body: { metadata: object.metadata, data: { v: '2' } },
      });
      writtenOver(informers.of(configMapResource)).written(stored);
      return { requeueAfterMs: 0 };
    });
    await eventually(() => expect(count(`${namespace}/written`)).toBe(2));
    expect(handed).toEqual(['1', '2']);
  });

  it('maps a secondary kind to the primary keys it affects', async () => {
    await configMap('owner-of-token');
    const key = `${namespace}/owner-of-token`;
    const { count } = start(() => undefined, {
      watches: [
        { resource: secrets, map: (secret) => [`${namespace}/owner-of-${secret.metadata?.name ?? ''}`] },
      ],
    });
    await eventually(() => {
      expect(count(key)).toBe(1);
    });
    await core.createNamespacedSecret({
      namespace,
      body: { metadata: { name: 'token', labels }, stringData: { t: 'x' } },
    });
    await eventually(() => {
      expect(count(key)).toBe(2);
    });
  });

  it('requeues when asked, retries a conflict at once and an error with backoff, and logs the error', async () => {
    await configMap('answers');
    const key = `${namespace}/answers`;
    const { count, log, results } = start((request, seen) => {
      if (request.key !== key) return undefined;
      if (seen === 1) return { requeueAfterMs: 10 };
      if (seen === 2) return { conflict: true };
      if (seen === 3) throw new Error('boom');
      return undefined;
    });
    await eventually(() => {
      expect(count(key)).toBe(4);
    });
    expect(await results('requeue')).toBeGreaterThanOrEqual(1);
    expect(await results('conflict')).toBe(1);
    expect(await results('error')).toBe(1);
    expect(log.find((line) => line.includes(key))).toMatch(/^test .*answers: boom \(retry in \d+ ms\)$/);
  });

  it('stops: no reconcile after stop, and a restart lists the cache again', async () => {
    await configMap('restart');
    const key = `${namespace}/restart`;
    const first = start(() => undefined);
    await eventually(() => {
      expect(first.count(key)).toBe(1);
    });
    await controller?.stop();
    const second = start(() => undefined);
    await eventually(() => {
      expect(second.count(key)).toBe(1);
    });
    expect(first.count(key)).toBe(1);
  });

  it('maps an owned object to its controller by ownerReference, whatever its name or labels', async () => {
    const owner = await configMap('owner');
    const { count } = start(() => undefined, { owns: [secrets] });
    const key = `${namespace}/owner`;
    await eventually(() => {
      expect(count(key)).toBe(1);
    });
    await core.createNamespacedSecret({
      namespace,
      body: {
        metadata: {
          name: 'owned-by-owner',
          labels,
          ownerReferences: [
            {
              apiVersion: 'v1',
              kind: 'ConfigMap',
              name: 'owner',
              uid: owner.metadata?.uid ?? '',
              controller: true,
            },
          ],
        },
        stringData: { t: 'x' },
      },
    });
    await eventually(() => {
      expect(count(key)).toBe(2);
    });
    // Not a controller reference: the secret is someone else's to act on.
    await core.createNamespacedSecret({
      namespace,
      body: {
        metadata: {
          name: 'merely-refers',
          labels,
          ownerReferences: [
            { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata?.uid ?? '' },
          ],
        },
        stringData: { t: 'x' },
      },
    });
    await configMap('after-merely-refers');
    await eventually(() => {
      expect(count(`${namespace}/after-merely-refers`)).toBe(1);
    });
    expect(count(key)).toBe(2);
  });

  it('stores the finalizer before the first reconcile and removes it only once finalize has nothing left', async () => {
    const finalizer = 'test.rackpilot.io/finalizer';
    await configMap('finalized');
    const key = `${namespace}/finalized`;
    const { count } = start(
      () => undefined,
      { finalizer, workers: 1 },
      // The first finalize asks for another pass (work left); the second is done.
      (_request, seen) => (seen === 1 ? { requeueAfterMs: 10 } : undefined),
    );
    await eventually(async () => {
      const stored = await core.readNamespacedConfigMap({ name: 'finalized', namespace });
      expect(stored.metadata?.finalizers).toEqual([finalizer]);
      expect(count(key)).toBeGreaterThanOrEqual(1);
    });
    await core.deleteNamespacedConfigMap({ name: 'finalized', namespace });
    await eventually(async () => {
      expect(count(`finalize:${key}`)).toBe(2);
      const left = await core.listNamespacedConfigMap({ namespace });
      expect(left.items.map((item) => item.metadata?.name)).not.toContain('finalized');
    });
  });
});
