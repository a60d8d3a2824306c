import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KubeConfig } from '@kubernetes/client-node';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import next from 'next';
import { contextFrom } from './api/trpc';
import { trpcCallLimits } from './api/call-limits';
import { createAccessServices } from './access/access-services';
import { startAccessHousekeeping } from './access/access-housekeeping';
import { createFirstAdmin } from './access/first-admin-password';
import { appRouter } from './api/root-router';
import { callsSubscription } from './api/subscription-paths';
import { log } from './cli';
import type { ServerConfig } from './config';
import { createDbClient } from './db/client';
import { startEmbeddedPostgres } from './db/embedded-postgres';
import { migrateDatabase } from './db/migrate';
import { ReadinessMonitor, startingReadiness } from './health';
import { pingDatabase } from './db/client';
import { clientAddress } from './http/client-address';
import { createConsoleHandler, requestPrincipal } from './http/console-handler';
import { capConnections } from './http/connection-limits';
import { listen } from './http/listen';
import { RequestDrain } from './http/request-drain';
import { sendJson } from './http/send';
import { fetchServerVersion } from './kube/cluster-info';
import { installCrds, readCrdFiles } from './kube/install-crds';
import { ensureNamespace } from './kube/ensure-namespace';
import { runtimeInformers, secretValuesOf } from './kube/runtime-informers';
import { ControllerManager } from './kube/controller-manager';
import { ControllerMetrics } from './kube/controller-metrics';
import { CONSOLE_EVENT_SOURCE, EventRecorder } from './kube/events';
import { LeaderElector } from './kube/leader-election';
import { keepAliveAgents } from './kube/kube-request';
import { SharedLiveViews } from './api/shared-live-view';
import { buildControllers, controllerDeclarations, replicaIdentity } from './controllers/build-controllers';
import { isBootPath } from './boot/boot-handler';
import { ownOrigin, primeConsole } from './http/prime-console';
import { startBootService, stopBootService, type BootService } from './boot/boot-service';
import { setRuntime, type Runtime } from './runtime';
import { warmHostRows } from './api/bare-metal-hosts/host-cache';
import { SetupError } from './setup-error';
import { serveWebSockets, WS_PATH } from './serve-websockets';
import { Shutdown } from './shutdown';

const root = fileURLToPath(new URL('..', import.meta.url));
const TRPC_PREFIX = '/api/trpc/';
const MAX_TRPC_BODY = 1024 * 1024;

function loadKubeConfig(config: ServerConfig): KubeConfig {
  const kc = new KubeConfig();
  try {
    if (config.kubeconfig) kc.loadFromFile(config.kubeconfig);
    else kc.loadFromDefault();
  } catch (error) {
    throw new SetupError(
      `cannot read kubeconfig ${config.kubeconfig ?? '(default)'}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!kc.getCurrentCluster()) {
    throw new SetupError(
      'no Kubernetes cluster configured: set KUBECONFIG, or use `npm start` for the local one',
    );
  }
  return kc;
}

async function connectCluster(kc: KubeConfig): Promise<string> {
  try {
    return await fetchServerVersion(kc, 10_000);
  } catch (error) {
    const server = kc.getCurrentCluster()?.server ?? '?';
    throw new SetupError(
      `cannot reach the Kubernetes API server at ${server} (${error instanceof Error ? error.message : String(error)}): check KUBECONFIG and that the cluster is running`,
    );
  }
}

export interface RunningServer {
  url: string;
  /** Its boot service: `npm start` registers boot profiles through it. */
  boot: BootService;
  stop(): Promise<void>;
}

/**
 * Starts the whole server in one process: database, CRDs, informers, Next, tRPC over HTTP and over
 * the WebSocket at /ws. The port is bound first so a clash fails before anything else starts.
 */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const shutdown = new Shutdown();
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const requests = new RequestDrain();
  const server = createServer(
    {
      // Requests whose headers trickle in (slowloris) are cut after the handshake timeout; the check
      // runs every second so the bound holds to within a second rather than Node's default 30 s.
      headersTimeout: config.edge.handshakeTimeoutMs,
      connectionsCheckingInterval: 1000,
    },
    (req, res) => {
      requests.track(res);
      if (handle) handle(req, res);
      else if (req.url === '/api/healthz') sendJson(res, 200, { status: 'ok' });
      else if (req.url === '/api/readyz') sendJson(res, 503, startingReadiness());
      else sendJson(res, 503, { status: 'starting' });
    },
  );
  capConnections(server, {
    perAddress: config.edge.connectionsPerAddress,
    total: config.edge.connectionsTotal,
    ratePerAddress: config.edge.connectionRatePerAddress,
  });
  try {
    await listen(server, config.host, config.port);
    shutdown.add('http server', () => new Promise<void>((resolve) => server.close(() => resolve())));
    server.on('close', () => server.closeAllConnections());

    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const embedded = await startEmbeddedPostgres({ dataDir: join(config.stateDir, 'postgres'), log });
      shutdown.add('embedded PostgreSQL', () => embedded.stop());
      databaseUrl = embedded.url;
    }
    await migrateDatabase(databaseUrl);
    const db = createDbClient(databaseUrl, config.db);
    shutdown.add('database client', () => db.$disconnect());
    const access = createAccessServices(db, {
      log,
      refusedAuditRates: config.refusedAuditRates,
      signinLimits: config.signinLimits,
    });
    shutdown.add('audit summary', () => {
      access.audit.flush();
    });
    await createFirstAdmin(access.accounts, config.stateDir, config.adminPassword, log);
    const housekeeping = startAccessHousekeeping(db, access, log);
    shutdown.add('access housekeeping', () => {
      housekeeping.stop();
    });

    const kc = loadKubeConfig(config);
    const serverVersion = await connectCluster(kc);
    const crds = await readCrdFiles(join(root, 'crds'));
    const crdOutcomes = await installCrds(kc, crds, { write: config.installCrds });
    const foreignCrds = crdOutcomes.filter((c) => c.outcome === 'foreign' || c.outcome === 'newer');
    for (const crd of foreignCrds) {
      log(
        `CRD ${crd.name} ${crd.outcome === 'foreign' ? 'was installed by someone else' : 'is newer than ours'}: left as it is`,
      );
    }
    const informers = runtimeInformers(kc, crds, controllerDeclarations, log);
    informers.start();
    shutdown.add('informers', () => {
      informers.stop();
    });
    // A first list of tens of thousands of objects from a busy API server can take minutes; failing
    // sooner would only restart the same list (a crash loop), while /api/readyz already says not ready.
    await informers.waitForSync(15 * 60_000, log);
    const secrets = secretValuesOf(kc, informers);
    const boot = await startBootService({
      db,
      informers,
      log,
      rate: config.bootRate,
      installTimeoutMs: config.installTimeoutMs,
      bootUrl: config.bootUrl,
      assetsDir: config.bootAssetsDir,
      reissueMs: config.bootReissueMs,
      sightings: config.bootSightings,
      maxRequestBytes: config.bootMaxRequestBytes,
    });
    shutdown.add('boot service', () => stopBootService(boot));

    const metrics = new ControllerMetrics();
    metrics.trackProcess();
    metrics.trackKubeRequests(kc);
    metrics.trackInformers(informers.all());
    metrics.trackCache('kube-client-agents', {
      size: keepAliveAgents.size,
      evictions: () => keepAliveAgents.evictions,
    });
    metrics.trackCache('secret-values', { size: () => secrets.size, evictions: () => secrets.evictions });
    metrics.trackCache('sessions', access.sessions.memory);
    metrics.trackAuditDrops(() => access.audit.dropped());
    metrics.trackBootService({
      size: () => boot.store.size,
      evictions: () => boot.store.evictions,
      responses: () => boot.responses,
    });
    const identity = replicaIdentity();
    const controllers = new ControllerManager(
      buildControllers(
        { kc, informers, secrets, metrics, log },
        { boot, dependencyPollMs: config.dependencyPollMs },
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
    const readiness = new ReadinessMonitor({
      informerHealth: () => informers.health(),
      pingDatabase: () => pingDatabase(db),
      pingApiServer: () => fetchServerVersion(kc, config.readyzIntervalMs / 2),
      intervalMs: config.readyzIntervalMs,
      log,
      foreignCrds: foreignCrds.map((crd) => crd.name),
    });
    await readiness.start();
    shutdown.add('readiness checks', () => readiness.stop());
    const buildId = config.dev
      ? 'development'
      : (await readFile(join(root, '.next', 'BUILD_ID'), 'utf8')).trim();
    const runtime: Runtime = {
      kc,
      db,
      informers,
      secrets,
      crds,
      crdsLeftAlone: foreignCrds,
      serverVersion,
      startedAt: new Date(),
      metrics,
      controllers,
      controllersLease,
      access,
      boot,
      readiness,
      buildId,
      liveViews: new SharedLiveViews(),
      consoleEvents: new EventRecorder(kc, CONSOLE_EVENT_SOURCE, identity, log),
      racks: config.racks,
    };
    setRuntime(runtime);
    // Not awaited: a page asked for meanwhile builds the rows it needs itself.
    warmHostRows(runtime).catch((error: unknown) => {
      log(`building host rows ahead failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    shutdown.add('runtime', () => {
      setRuntime(undefined);
    });

    const app = next({
      dev: config.dev,
      dir: root,
      hostname: config.host,
      port: config.port,
      quiet: !config.dev,
    });
    await app.prepare();
    shutdown.add('next', () => app.close());
    const nextHandler = app.getRequestHandler();
    const { calls, maxBatchSize, socketEncoder } = trpcCallLimits(config.edge);
    const callerContext = (req: IncomingMessage) => ({
      principal: requestPrincipal(req),
      clientIp: clientAddress(req),
      calls,
    });
    const trpcHandler = createHTTPHandler({
      router: appRouter,
      createContext: ({ req }) => contextFrom(callerContext(req)),
      basePath: TRPC_PREFIX,
      maxBodySize: MAX_TRPC_BODY,
      maxBatchSize,
    });
    serveWebSockets(server, {
      config,
      access,
      metrics: metrics.registry,
      shutdown,
      context: callerContext,
      encoder: socketEncoder,
    });
    const secureCookies = config.publicUrl.startsWith('https:');
    // The console subscribes only over the WebSocket, where revocations close the stream; a stream over
    // HTTP (SSE) would outlive logout and revocation, so subscriptions are not served there at all.
    const trpcOverHttp = (req: IncomingMessage, res: ServerResponse) => {
      res.setHeader('cache-control', 'no-store'); // one user's view of the fleet: kept by no cache
      if (callsSubscription(new URL(req.url ?? '/', 'http://localhost').pathname, TRPC_PREFIX)) {
        sendJson(res, 405, { error: `live updates are served only over the WebSocket at ${WS_PATH}` });
      } else trpcHandler(req, res);
    };
    const consoleHandler = createConsoleHandler({
      access,
      db,
      allowedOrigins: config.allowedOrigins,
      secureCookies,
      authDeadlineMs: config.authDeadlineMs,
      dev: config.dev,
      log,
      next: nextHandler,
      trpc: trpcOverHttp,
    });
    handle = (req, res) => {
      // Boot paths carry no session: install tokens authorise their callbacks.
      if (isBootPath(req.url)) boot.handle(req, res);
      else void consoleHandler(req, res);
    };
    // Runs second: requests already accepted are answered before the runtime and database go, so a
    // rolling update fails none of them.
    shutdown.add('requests in flight', () => requests.drain(server));
    // Registered last, so it runs first: no new connections while the rest stops in order (controllers,
    // then the boot service's last sightings, then the database).
    shutdown.add('accepting connections', () => {
      server.close();
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
