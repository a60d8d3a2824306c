import { randomBytes } from 'node:crypto';
import { CoreV1Api, type KubeConfig, type V1ConfigMap, type V1Deployment } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { startDisposableCluster, type DisposableCluster } from '../../tools/testenv/restart-control-plane';
import { applyObject } from './apply';
import { Informer } from './informer';
import { kubeGetJson, KubeRequestError } from './kube-request';
import { collectionPath, deploymentResource, type ResourceDescriptor } from './resource';
import { watchStream, type WatchEvent } from './watch-stream';

let cluster: DisposableCluster;
let kc: KubeConfig;
let core: CoreV1Api;
const namespace = `restart-${randomBytes(3).toString('hex')}`;
const configMaps: ResourceDescriptor = {
  group: '',
  version: 'v1',
  plural: 'configmaps',
  kind: 'ConfigMap',
  namespaced: true,
};
const labels = { test: 'restart' };

function snapshot(items: V1ConfigMap[]): Record<string, string | undefined> {
  return Object.fromEntries(items.map((cm) => [cm.metadata?.name ?? '', cm.metadata?.resourceVersion]));
}

/** The first event of a watch from `resourceVersion`, or the refusal of the watch itself. */
async function firstWatchEvent(
  path: string,
  resourceVersion: string,
): Promise<WatchEvent | KubeRequestError> {
  const abort = new AbortController();
  let first: WatchEvent | KubeRequestError | undefined;
  await watchStream(kc, path, {
    query: { resourceVersion, timeoutSeconds: 10 },
    signal: abort.signal,
    onEvent: (event) => {
      first ??= event;
      abort.abort();
    },
  }).catch((error: unknown) => {
    if (error instanceof KubeRequestError) first ??= error;
    else if (!abort.signal.aborted) throw error;
  });
  if (!first) throw new Error('the watch ended without an event');
  return first;
}

beforeAll(async () => {
  cluster = await startDisposableCluster();
  kc = cluster.kc;
  core = kc.makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: namespace } } });
}, 120_000);

afterAll(async () => {
  await cluster.remove();
});

describe('Informer across an API server restart', () => {
  it('relists after 410 Gone and holds exactly what a fresh list returns', { timeout: 180_000 }, async () => {
    for (let i = 0; i < 5; i++) {
      await core.createNamespacedConfigMap({ namespace, body: { metadata: { name: `cm-${i}`, labels } } });
    }
    const log: string[] = [];
    const informer = new Informer<V1ConfigMap>(kc, configMaps, {
      namespace,
      labelSelector: 'test=restart',
      log: (line) => log.push(line),
    });
    informer.start();
    try {
      await eventually(() => {
        expect(informer.size).toBe(5);
      }, 10_000);
      const before = await kubeGetJson<{ metadata: { resourceVersion: string } }>(
        kc,
        collectionPath(configMaps, namespace),
      );

      await cluster.restart();
      // Changes right after the restart, while the informer is still backing off.
      await eventually(async () => {
        await core.deleteNamespacedConfigMap({ name: 'cm-0', namespace });
      }, 60_000);
      await core.createNamespacedConfigMap({ namespace, body: { metadata: { name: 'cm-new', labels } } });
      await core.replaceNamespacedConfigMap({
        name: 'cm-1',
        namespace,
        body: { metadata: { name: 'cm-1', labels }, data: { changed: 'yes' } },
      });

      await eventually(async () => {
        const fresh = await core.listNamespacedConfigMap({ namespace, labelSelector: 'test=restart' });
        expect(snapshot(informer.list())).toEqual(snapshot(fresh.items));
      }, 90_000);
      expect(informer.restarts).toBeGreaterThan(0);
      // The restarted API server's watch history starts after the informer's version: the watch
      // is refused with 410 Gone, and only the relist can have brought the cache back in line.
      expect(log).toContain('watch configmaps expired (410 Gone); relisting');
      // How the API server says it: an ERROR event with a 410 Status on an accepted watch.
      expect(
        await firstWatchEvent(collectionPath(configMaps, namespace), before.metadata.resourceVersion),
      ).toMatchObject({
        type: 'ERROR',
        object: { kind: 'Status', code: 410, reason: 'Expired' },
      });
    } finally {
      informer.stop();
    }
  });

  it(
    'runs new pods after the restart (the simulated nodes are taken over again)',
    { timeout: 120_000 },
    async () => {
      await cluster.restart();
      await applyObject(kc, deploymentResource, {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'after-restart', namespace },
        spec: {
          replicas: 1,
          selector: { matchLabels: { app: 'after-restart' } },
          template: {
            metadata: { labels: { app: 'after-restart' } },
            spec: { containers: [{ name: 'main', image: 'registry.invalid/none' }] },
          },
        },
      });
      await eventually(async () => {
        const deployment = await kubeGetJson<V1Deployment>(
          kc,
          `${collectionPath(deploymentResource, namespace)}/after-restart`,
        );
        expect(deployment.status?.availableReplicas).toBe(1);
      }, 60_000);
    },
  );
});
