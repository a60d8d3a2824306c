import { startBootService, stopBootService, type BootService } from '../boot/boot-service';
import { log } from '../cli';
import type { ServerConfig } from '../config';
import type { DbClient } from '../db/client';
import type { InformerSet } from '../kube/informer-set';
import type { Shutdown } from '../shutdown';

/** The iPXE boot service: its hardware table from the database, its machines from the caches. */
export async function startBoot(
  db: DbClient,
  informers: InformerSet,
  config: ServerConfig,
  shutdown: Shutdown,
): Promise<BootService> {
  const boot = await startBootService({
    db,
    informers,
    log,
    rate: config.bootRate,
    installTimeoutMs: config.installTimeoutMs,
    bootUrl: config.bootUrl,
    assetsDir: config.bootAssetsDir,
    assetServer: { ...config.bootAssetServer, host: config.host },
    reissueMs: config.bootReissueMs,
    sightings: config.bootSightings,
    maxRequestBytes: config.bootMaxRequestBytes,
  });
  shutdown.add('boot service', () => stopBootService(boot));
  return boot;
}
