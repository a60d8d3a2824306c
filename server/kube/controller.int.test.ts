import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { Controller, type ControllerSpec, type ReconcileRequest, type ReconcileResult } from './controller';
import { ControllerMetrics } from './controller-metrics';
import { InformerSet } from './informer-set';
import type { ResourceDescriptor } from './resource';

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

/** A controller over this file's ConfigMaps whose reconcile records each key and answers with `answer`. */
function start(
  answer: (request: ReconcileRequest, seen: number) => ReconcileResult | undefined,
  extra: Partial<ControllerSpec> = {},
) {
  const seen: string[] = [];
  const metrics = new ControllerMetrics();
  const log: string[] = [];
  controller = new Controller(
    {
      name: 'test',
      kind: 'ConfigMap',
      ...extra,
      reconcile: (request) => {
        seen.push(request.key);
        return Promise.resolve(answer(request, seen.filter((key) => key === request.key).length));
      },
    },
    informers,
    metrics,
    (line) => log.push(line),
  );
  controller.start();
  const count = (key: string) => seen.filter((k) => k === key).length;
  const results = async (result: string) =>
    (await metrics.reconciles.get()).values.find((v) => v.labels.result === result)?.value ?? 0;
  return { seen, count, log, results };
}

describe('Controller against the API server', () => {
  it('reconciles what is cached at start, then adds, changes worth acting on, and deletes', async () => {
    await configMap('before');
    await eventually(() => {
      expect(
        informers
          .informer('ConfigMap')
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

    await core.deleteNamespacedConfigMap({ name: 'added', namespace });
    await eventually(() => {
      expect(count(`${namespace}/added`)).toBe(3);
    });
  });

  it('maps a secondary kind to the primary keys it affects', async () => {
    const { count } = start(() => undefined, {
      watches: [
        { kind: 'Secret', map: (secret) => [`${namespace}/owner-of-${secret.metadata?.name ?? ''}`] },
      ],
    });
    await core.createNamespacedSecret({
      namespace,
      body: { metadata: { name: 'token', labels }, stringData: { t: 'x' } },
    });
    await eventually(() => {
      expect(count(`${namespace}/owner-of-token`)).toBe(1);
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
});
