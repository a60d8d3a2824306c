import { log } from '../cli';
import type { ServerConfig } from '../config';
import { pingDatabase, type DbClient } from '../db/client';
import { ReadinessMonitor } from '../health';
import { fetchServerVersion } from '../kube/cluster-info';
import type { InformerSet } from '../kube/informer-set';
import type { Shutdown } from '../shutdown';
import type { ClusterConnection } from './connect-cluster';

/** What /api/readyz answers, checked in the background: the caches, the database, the API server. */
export async function startReadiness(
  parts: { cluster: ClusterConnection; informers: InformerSet; db: DbClient },
  config: ServerConfig,
  shutdown: Shutdown,
): Promise<ReadinessMonitor> {
  const { cluster, informers, db } = parts;
  const readiness = new ReadinessMonitor({
    informerHealth: () => informers.health(),
    pingDatabase: () => pingDatabase(db),
    pingApiServer: () => fetchServerVersion(cluster.kc, config.readyzIntervalMs / 2),
    intervalMs: config.readyzIntervalMs,
    log,
    foreignCrds: cluster.foreignCrds.map((crd) => crd.name),
  });
  await readiness.start();
  shutdown.add('readiness checks', () => readiness.stop());
  return readiness;
}
