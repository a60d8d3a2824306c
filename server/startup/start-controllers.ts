import type { BootService } from '../boot/boot-service';
import { log } from '../cli';
import type { DbClient } from '../db/client';
import { recordInspection } from '../db/inspection-history';
import type { ServerConfig } from '../config';
import { buildControllers, replicaIdentity } from '../controllers/build-controllers';
import { ControllerManager } from '../kube/controller-manager';
import type { ControllerMetrics } from '../kube/controller-metrics';
import { ensureNamespace } from '../kube/ensure-namespace';
import { LeaderElector } from '../kube/leader-election';
import type { Shutdown } from '../shutdown';
import type { ClusterConnection } from './connect-cluster';
import type { Caches } from './start-informers';

export interface RunningControllers {
  controllers: ControllerManager;
  /** The Lease whose holder runs the controllers. */
  controllersLease: { namespace: string; name: string };
}

/** The controllers (minus the disabled ones), run by whichever replica holds the controllers' Lease. */
export async function startControllers(
  parts: {
    cluster: ClusterConnection;
    caches: Caches;
    metrics: ControllerMetrics;
    boot: BootService;
    db: DbClient;
  },
  config: ServerConfig,
  shutdown: Shutdown,
): Promise<RunningControllers> {
  const { kc } = parts.cluster;
  const { informers, secrets } = parts.caches;
  const identity = replicaIdentity();
  const controllers = new ControllerManager(
    buildControllers(
      { kc, informers, secrets, metrics: parts.metrics, log },
      {
        boot: parts.boot,
        dependencyPollMs: config.dependencyPollMs,
        contrailCertificateLifetimeMs: config.contrailCertificateLifetimeMs,
        recordInspection: (sighting) => recordInspection(parts.db, sighting),
      },
      config.disabledControllers,
      identity,
    ),
    log,
  );
  await ensureNamespace(kc, config.namespace);
  const controllersLease = { namespace: config.namespace, name: 'rackpilot-controllers' };
  const elector = new LeaderElector(
    kc,
    { ...controllersLease, identity, ...config.leaseTimings },
    controllers.callbacks(),
    log,
  );
  controllers.start(elector);
  shutdown.add('controllers', () => controllers.stop(elector));
  return { controllers, controllersLease };
}
