import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import next from 'next';
import { batchOverCapAnswer, callerKey, httpBatchCalls, trpcCallLimits } from '../api/call-limits';
import { appRouter } from '../api/root-router';
import { callsSubscription } from '../api/subscription-paths';
import { contextFrom } from '../api/trpc';
import { log } from '../cli';
import type { ServerConfig } from '../config';
import { clientAddress } from '../http/client-address';
import { createConsoleHandler, requestPrincipal } from '../http/console-handler';
import { sendJson } from '../http/send';
import type { Runtime } from '../runtime';
import { serveWebSockets, WS_PATH } from '../serve-websockets';
import type { Shutdown } from '../shutdown';
import { appRoot } from './app-root';

const TRPC_PREFIX = '/api/trpc/';
const MAX_TRPC_BODY = 1024 * 1024;

/**
 * The console: Next's pages, tRPC over HTTP and over the WebSocket at /ws (upgrades of `server`),
 * behind the gate of server/http (security headers, Origin check, session). Returns the handler of
 * every console request.
 */
export async function serveConsole(
  server: Server,
  runtime: Runtime,
  config: ServerConfig,
  shutdown: Shutdown,
): Promise<ReturnType<typeof createConsoleHandler>> {
  const { access, db } = runtime;
  const app = next({
    dev: config.dev,
    dir: appRoot,
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
    metrics: runtime.metrics.registry,
    shutdown,
    context: callerContext,
    encoder: socketEncoder,
  });
  // A batch over the cap is refused here, before tRPC turns its URL into a request and its inputs, and
  // answered at the caller's pace: answered at once, a client resending it in a loop kept a core busy.
  const refuseOverCap = async (req: IncomingMessage, res: ServerResponse, batchCalls: number) => {
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    try {
      await calls.refusalPause(callerKey(requestPrincipal(req), clientAddress(req)), gone.signal);
    } catch {
      return; // the caller went away while it waited
    }
    sendJson(res, 400, batchOverCapAnswer(batchCalls, maxBatchSize));
  };
  const secureCookies = config.publicUrl.startsWith('https:');
  // The console subscribes only over the WebSocket, where revocations close the stream; a stream over
  // HTTP (SSE) would outlive logout and revocation, so subscriptions are not served there at all.
  const trpcOverHttp = async (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('cache-control', 'no-store'); // one user's view of the fleet: kept by no cache
    const batchCalls = httpBatchCalls(req.url ?? '/', TRPC_PREFIX);
    if (batchCalls > maxBatchSize) {
      await refuseOverCap(req, res, batchCalls);
      return;
    }
    if (callsSubscription(new URL(req.url ?? '/', 'http://localhost').pathname, TRPC_PREFIX)) {
      sendJson(res, 405, { error: `live updates are served only over the WebSocket at ${WS_PATH}` });
    } else trpcHandler(req, res);
  };
  return createConsoleHandler({
    access,
    db,
    allowedOrigins: config.allowedOrigins,
    secureCookies,
    publicUrl: config.publicUrl,
    authDeadlineMs: config.authDeadlineMs,
    dev: config.dev,
    log,
    next: nextHandler,
    trpc: trpcOverHttp,
  });
}
