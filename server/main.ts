import { isBootPath } from './boot/boot-handler';
import type { BootService } from './boot/boot-service';
import { log } from './cli';
import type { ServerConfig } from './config';
import { ownOrigin, primeConsole } from './http/prime-console';
import { Shutdown } from './shutdown';
import { connectCluster } from './startup/connect-cluster';
import { openDatabase } from './startup/open-database';
import { openHttpServer } from './startup/open-http-server';
import { publishRuntime } from './startup/publish-runtime';
import { serveConsole } from './startup/serve-console';
import { startAccess } from './startup/start-access';
import { startBoot } from './startup/start-boot';
import { startBulkJobs } from './startup/start-bulk-jobs';
import { startControllers } from './startup/start-controllers';
import { startInformers } from './startup/start-informers';
import { startReadiness } from './startup/start-readiness';
import { trackMetrics } from './startup/track-metrics';

export interface RunningServer {
  url: string;
  /** Its boot service: `npm start` registers boot profiles through it. */
  boot: BootService;
  stop(): Promise<void>;
}

/**
 * Starts the whole server in one process, one step after the other (server/startup/): database, CRDs,
 * informers, boot service, controllers, Next, tRPC over HTTP and over the WebSocket at /ws. The port is
 * bound first so a clash fails before anything else starts. Each step registers how to undo itself;
 * stopping undoes them in reverse, after the requests in flight are answered.
 */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const shutdown = new Shutdown();
  try {
    const http = await openHttpServer(config, shutdown);
    const db = await openDatabase(config, shutdown);
    const access = await startAccess(db, config, shutdown);
    const cluster = await connectCluster(config);
    const caches = await startInformers(cluster, shutdown);
    const boot = await startBoot(db, caches.informers, config, shutdown);
    const metrics = trackMetrics(cluster, caches, access, boot);
    const { controllers, controllersLease } = await startControllers(
      { cluster, caches, metrics, boot, db },
      config,
      shutdown,
    );
    const readiness = await startReadiness({ cluster, informers: caches.informers, db }, config, shutdown);
    const runtime = await publishRuntime(
      {
        kc: cluster.kc,
        db,
        informers: caches.informers,
        secrets: caches.secrets,
        crds: cluster.crds,
        crdsLeftAlone: cluster.foreignCrds,
        serverVersion: cluster.serverVersion,
        metrics,
        controllers,
        controllersLease,
        access,
        boot,
        readiness,
      },
      config,
      shutdown,
    );
    await startBulkJobs(runtime, shutdown);
    const consoleHandler = await serveConsole(http.server, runtime, config, shutdown);
    http.serve((req, res) => {
      // Boot paths carry no session: install tokens authorise their callbacks.
      if (isBootPath(req.url)) boot.handle(req, res);
      else void consoleHandler(req, res);
    });
    const url = `http://${config.host}:${config.port}`;
    log(`console at ${url}`);
    primeConsole(ownOrigin(config.host, config.port), 30_000).catch((error: unknown) => {
      log(
        `rendering the sign-in page ahead failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    return { url, boot, stop: () => shutdown.run(log) };
  } catch (error) {
    await shutdown.run(log);
    throw error;
  }
}

/** Runs until the signal fires, then stops everything it started. */
export async function runServer(
  config: ServerConfig,
  signal: AbortSignal,
  afterStart?: (running: RunningServer) => Promise<void>,
): Promise<void> {
  if (signal.aborted) return;
  const running = await startServer(config);
  try {
    await afterStart?.(running);
  } catch (error) {
    await running.stop();
    throw error;
  }
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => {
      resolve();
    });
  });
  log('stopping');
  await running.stop();
}
