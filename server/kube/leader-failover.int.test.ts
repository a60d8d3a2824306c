import { randomBytes } from 'node:crypto';
import { CoreV1Api, type KubeConfig, type KubernetesObject, type V1ConfigMap } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { startDisposableCluster, type DisposableCluster } from '../../tools/testenv/restart-control-plane';
import { mergePatch } from './apply';
import { Controller } from './controller';
import type { AnyControllerDeclaration } from './controller-declaration';
import { ControllerManager } from './controller-manager';
import { ControllerMetrics } from './controller-metrics';
import { EventRecorder } from './events';
import { InformerSet } from './informer-set';
import { secretReader, SecretValues } from './secret-values';
import { kubeGetJson } from './kube-request';
import { LeaderElector } from './leader-election';
import { collectionPath, configMapResource } from './resource';

let cluster: DisposableCluster;
let kc: KubeConfig;
const namespace = `failover-${randomBytes(3).toString('hex')}`;
// Short so the test is quick; the deadline is well below the lease duration, as in production.
const timings = { leaseDurationMs: 8_000, renewDeadlineMs: 5_000, retryPeriodMs: 500 };

interface Pass {
  replica: string;
  start: number;
  end: number;
}

const passes: Pass[] = [];

/** One replica as a server process holds it: its own caches, a controller under a leader elector. */
function replica(identity: string) {
  const informers = new InformerSet(kc, [configMapResource], { namespace, labelSelector: 'test=failover' });
  const metrics = new ControllerMetrics();
  const log = (line: string) => {
    console.log(`[${identity}] ${line}`);
  };
  const declaration: AnyControllerDeclaration = {
    name: 'failover',
    reconciles: configMapResource,
    owns: [],
    watches: [],
    workers: 2,
    setup: () => reconciler,
  };
  // Every pass writes (so a pass is in flight whenever the API server hangs) and comes back soon.
  const reconciler = {
    reconcile: async (object: KubernetesObject) => {
      const pass: Pass = { replica: identity, start: Date.now(), end: Number.NaN };
      passes.push(pass);
      try {
        await mergePatch(kc, configMapResource, namespace, object.metadata?.name ?? '', {
          data: { writer: identity, at: String(pass.start) },
        });
      } finally {
        pass.end = Date.now();
      }
      return { requeueAfterMs: 200 };
    },
  };
  const controller = new Controller(declaration, reconciler, {
    kc,
    informers,
    metrics,
    // No Secret is read here.
    secrets: new SecretValues(secretReader(kc), () => undefined),
    events: new EventRecorder(kc, 'failover', identity),
    log,
    controller: { name: 'failover', owns: [] },
  });
  const manager = new ControllerManager([controller], log);
  const elector = new LeaderElector(
    kc,
    { namespace, name: 'failover', identity, ...timings },
    manager.callbacks(),
    log,
  );
  return {
    informers,
    elector,
    start: async () => {
      informers.start();
      await informers.waitForSync(60_000);
      manager.start(elector);
    },
    stopControllers: () => manager.stop(elector),
    stopCaches: () => {
      informers.stop();
    },
  };
}

beforeAll(async () => {
  cluster = await startDisposableCluster();
  kc = cluster.kc;
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  for (let i = 0; i < 4; i++) {
    await kc.makeApiClient(CoreV1Api).createNamespacedConfigMap({
      namespace,
      body: { metadata: { name: `cm-${i}`, labels: { test: 'failover' } } },
    });
  }
}, 180_000);

afterAll(async () => {
  await cluster.remove();
});

describe('Leader election while the API server hangs', () => {
  it(
    'never lets two replicas reconcile at once, and one leader carries on afterwards',
    { timeout: 240_000 },
    async () => {
      const a = replica('replica-a');
      const b = replica('replica-b');
      await a.start();
      await eventually(() => {
        expect(a.elector.isLeader).toBe(true);
      }, 30_000);
      await b.start();
      await eventually(() => {
        expect(passes.filter((p) => p.replica === 'replica-a').length).toBeGreaterThan(10);
      }, 30_000);

      await cluster.pauseApiServer(30_000);
      const resumedAt = Date.now();
      try {
        // Work goes on after the pause, under exactly one leader.
        await eventually(() => {
          expect(passes.filter((p) => p.start > resumedAt && Number.isFinite(p.end)).length).toBeGreaterThan(
            10,
          );
          expect([a.elector.isLeader, b.elector.isLeader].filter(Boolean)).toHaveLength(1);
        }, 60_000);
      } finally {
        await Promise.all([a.stopControllers(), b.stopControllers()]);
      }
      try {
        // Both replicas' caches come to equal a fresh list once the writing has stopped.
        const fresh = await kubeGetJson<{ items: V1ConfigMap[] }>(
          kc,
          collectionPath(configMapResource, namespace),
          { labelSelector: 'test=failover' },
        );
        const versions = (objects: KubernetesObject[]) =>
          Object.fromEntries(objects.map((o) => [o.metadata?.name ?? '', o.metadata?.resourceVersion]));
        await eventually(() => {
          expect(versions(a.informers.of(configMapResource).list())).toEqual(versions(fresh.items));
          expect(versions(b.informers.of(configMapResource).list())).toEqual(versions(fresh.items));
        }, 30_000);
      } finally {
        a.stopCaches();
        b.stopCaches();
      }
      // The leader's renewal hung with the server: it stopped at its renew deadline and its write in
      // flight was cancelled, so no pass of one replica overlaps a pass of the other.
      const ofA = passes.filter((p) => p.replica === 'replica-a');
      const ofB = passes.filter((p) => p.replica === 'replica-b');
      const overlaps = ofA.flatMap((x) =>
        ofB.filter((y) => x.start < y.end && y.start < x.end).map((y) => ({ a: x, b: y })),
      );
      expect(overlaps).toEqual([]);
    },
  );
});
