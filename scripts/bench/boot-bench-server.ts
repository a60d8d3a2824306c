// The boot service alone on a loopback port, as bench-boot.ts measures it: the production handler,
// per-address rate limiter, flush loop, connection caps and header timeout, configured as
// server/config.ts reads them, on a throw-away embedded PostgreSQL; stats and stop over IPC. A file of
// its own, so the measured process loads what serving needs and not the driver (autocannon, Matchbox's
// store); bench-boot.ts runs it compiled, as `npm start` runs the server (docs/decisions.md, "The boot
// comparison measures the boot service compiled").
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { BootService } from '../../server/boot/boot-service';
import { readServerConfig } from '../../server/config';
import { createDbClient } from '../../server/db/client';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { migrateDatabase } from '../../server/db/migrate';
import { capConnections } from '../../server/http/connection-limits';
import { InformerSet } from '../../server/kube/informer-set';
import type { BootProfileInput } from '../../server/schemas/boot-profile';
import { ensureBootAssetServer } from '../../tools/controlplane/boot-asset-server-binary';
import { processUsage } from './asset-phase';
import { memoryOf } from './process-memory';

const MIB = 2 ** 20;

export interface ServerStats {
  rowsWritten: number;
  flushes: number;
  failures: number;
  rss: number;
  /** User and system CPU of the server process, ms. */
  cpuMs: number;
  known: number;
  /** Where the RSS goes, MiB: this process (now and its peak) by V8's account, and the asset server. */
  memory: {
    nodeRss: number;
    nodePeakRss: number;
    heapUsed: number;
    heapTotal: number;
    external: number;
    assetServerRss: number;
  };
}

export type ToChild = { stats: true } | { stop: true };
export type FromChild = { port: number } | { stats: ServerStats } | { stopped: true };

function log(line: string): void {
  console.log(`[bench] ${line}`);
}

async function serve(): Promise<void> {
  const stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-bench-boot-'));
  await chmod(stateDir, 0o755);
  const database = await startEmbeddedPostgres({ dataDir: join(stateDir, 'postgres') });
  await migrateDatabase(database.url);
  const db = createDbClient(database.url);
  // Unleased MACs never reach the caches; an informer set that is never started is enough.
  const informers = new InformerSet(new KubeConfig(), []);
  // One client address sends every host's requests here, so unless RACKPILOT_BOOT_RATE and
  // RACKPILOT_CONNECTION_RATE_PER_ADDRESS say otherwise its buckets are sized for the whole fleet; every
  // other limit is the production default or its env.
  const config = readServerConfig(
    {
      ...process.env,
      RACKPILOT_BOOT_RATE: process.env.RACKPILOT_BOOT_RATE ?? '1000000:1000000',
      RACKPILOT_CONNECTION_RATE_PER_ADDRESS:
        process.env.RACKPILOT_CONNECTION_RATE_PER_ADDRESS ?? '999999:999999',
    },
    process.cwd(),
  );
  const server = createServer({
    headersTimeout: config.edge.handshakeTimeoutMs,
    connectionsCheckingInterval: 1000,
  });
  capConnections(server, {
    perAddress: config.edge.connectionsPerAddress,
    total: config.edge.connectionsTotal,
    ratePerAddress: config.edge.connectionRatePerAddress,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  log(
    `boot rate ${config.bootRate.perSecond}/s burst ${config.bootRate.burst} per address; connections ${config.edge.connectionsPerAddress} per address, ${config.edge.connectionsTotal} in all; header timeout ${config.edge.handshakeTimeoutMs} ms; request cap ${config.bootMaxRequestBytes} bytes`,
  );
  const boot = new BootService({
    db,
    informers,
    log,
    rate: config.bootRate,
    reissueMs: config.bootReissueMs,
    maxRequestBytes: config.bootMaxRequestBytes,
    installTimeoutMs: config.installTimeoutMs,
    assetsDir: config.bootAssetsDir,
    assetServer: {
      ...config.bootAssetServer,
      binary: config.bootAssetServer.binary ?? (await ensureBootAssetServer(log)),
      port: 0,
      host: '127.0.0.1',
    },
    bootUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  });
  await boot.start();
  const profile = process.env.RACKPILOT_BENCH_PROFILE;
  if (profile) await boot.profiles.save(JSON.parse(profile) as BootProfileInput, 'bench');
  server.on('request', boot.handle);
  const send = (message: FromChild) => process.send?.(message);
  send({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', (message: ToChild) => {
    if ('stats' in message) {
      void (async () => {
        const pid = boot.assets.pid;
        const assetServer = (pid === undefined ? undefined : await processUsage(pid)) ?? { rss: 0, cpuMs: 0 };
        const usage = process.memoryUsage();
        const own = await memoryOf(process.pid);
        send({
          stats: {
            ...boot.stats,
            // The asset server sends the asset phase's bytes: its share is counted with the server's.
            rss: usage.rss + assetServer.rss,
            cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000 + assetServer.cpuMs,
            known: boot.store.size,
            memory: {
              nodeRss: usage.rss / MIB,
              nodePeakRss: own.peakRssMiB,
              heapUsed: usage.heapUsed / MIB,
              heapTotal: usage.heapTotal / MIB,
              external: usage.external / MIB,
              assetServerRss: assetServer.rss / MIB,
            },
          },
        });
      })();
      return;
    }
    void (async () => {
      server.close();
      server.closeAllConnections();
      await boot.stop();
      await db.$disconnect();
      await database.stop();
      await rm(stateDir, { recursive: true, force: true });
      send({ stopped: true });
      process.exit(0);
    })();
  });
}

await serve();
