import { randomBytes } from 'node:crypto';
import { CoreV1Api, type KubeConfig, type KubernetesObject, type V1ConfigMap } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { startDisposableCluster, type DisposableCluster } from '../../tools/testenv/restart-control-plane';
import { mergePatch } from './apply';
import { Controller } from './controller';
import { ControllerMetrics } from './controller-metrics';
import { EventRecorder } from './events';
import { InformerSet } from './informer-set';
import { secretReader, SecretValues } from './secret-values';
import { kubeGetJson } from './kube-request';
import { collectionPath, configMapResource } from './resource';

let cluster: DisposableCluster;
let kc: KubeConfig;
const namespace = `burst-${randomBytes(3).toString('hex')}`;
const COUNT = 200;

beforeAll(async () => {
  cluster = await startDisposableCluster();
  kc = cluster.kc;
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
}, 180_000);

afterAll(async () => {
  await cluster.remove();
});

const list = async () =>
  (
    await kubeGetJson<{ items: V1ConfigMap[] }>(kc, collectionPath(configMapResource, namespace), {
      labelSelector: 'test=burst',
    })
  ).items;

describe('A controller across an API server restart during a create burst', () => {
  it(
    'reconciles every object to its desired state with none missing or doubled, and its cache equals a fresh list',
    { timeout: 300_000 },
    async () => {
      const informers = new InformerSet(kc, [configMapResource], { namespace, labelSelector: 'test=burst' });
      informers.start();
      await informers.waitForSync(30_000);
      // The desired state: `data.echo` equals `data.input`; a pass writes it only when it differs.
      const reconciler = {
        reconcile: async (object: KubernetesObject) => {
          const data = (object as V1ConfigMap).data ?? {};
          if (data.echo === data.input) return undefined;
          await mergePatch(kc, configMapResource, namespace, object.metadata?.name ?? '', {
            data: { echo: data.input },
          });
          return undefined;
        },
      };
      const controller = new Controller(
        { name: 'burst', reconciles: configMapResource, owns: [], watches: [], setup: () => reconciler },
        reconciler,
        {
          kc,
          informers,
          metrics: new ControllerMetrics(),
          // No Secret is read here.
          secrets: new SecretValues(secretReader(kc), () => undefined),
          events: new EventRecorder(kc, 'burst', 'test'),
          log: () => undefined,
          controller: { name: 'burst', owns: [] },
        },
      );
      controller.start();
      try {
        const core = kc.makeApiClient(CoreV1Api);
        const created = new Set<string>();
        const burst = (async () => {
          for (let i = 0; i < COUNT; i++) {
            const name = `cm-${i}`;
            // Retried through the restart; a create that did land before the server went away answers 409.
            await eventually(
              async () => {
                try {
                  await core.createNamespacedConfigMap({
                    namespace,
                    body: { metadata: { name, labels: { test: 'burst' } }, data: { input: `v${i}` } },
                  });
                } catch (error) {
                  if ((error as { code?: number }).code !== 409) throw error;
                }
              },
              120_000,
              200,
            );
            created.add(name);
          }
        })();
        await eventually(() => {
          expect(created.size).toBeGreaterThan(COUNT / 4);
        }, 120_000);
        await cluster.restart();
        await burst;

        await eventually(async () => {
          const items = await list();
          expect(items).toHaveLength(COUNT);
          expect(items.filter((item) => item.data?.echo !== item.data?.input)).toEqual([]);
          const versions = (objects: KubernetesObject[]) =>
            Object.fromEntries(objects.map((o) => [o.metadata?.name ?? '', o.metadata?.resourceVersion]));
          expect(versions(informers.of(configMapResource).list())).toEqual(versions(items));
        }, 120_000);
      } finally {
        await controller.stop();
        informers.stop();
      }
    },
  );
});
