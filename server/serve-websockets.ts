import type { IncomingMessage, Server } from 'node:http';
import type { Registry } from 'prom-client';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { WebSocketServer } from 'ws';
import type { AccessServices } from './access/access-services';
import { SOCKET_RECHECK_MS, SocketRegistry } from './access/socket-registry';
import { appRouter } from './api/root-router';
import { SocketFlow } from './api/socket-outbox';
import { SubscriptionBudget } from './api/subscription-budget';
import { contextFrom, type ContextSource } from './api/trpc';
import { log } from './cli';
import type { ServerConfig } from './config';
import { rememberPrincipal } from './http/console-handler';
import { authenticateUpgrade, refuseUpgrade } from './http/authenticate-upgrade';
import type { Shutdown } from './shutdown';

/** The one path the console's WebSocket upgrades on. */
export const WS_PATH = '/ws';

export interface WebSocketParts {
  config: ServerConfig;
  access: AccessServices;
  metrics: Registry;
  shutdown: Shutdown;
  /** The context every call on a socket shares, before the socket's own subscription budget. */
  context: (req: IncomingMessage) => Omit<ContextSource, 'subscriptions'>;
  /** How frames are decoded and encoded on the socket (batch cap, shared view frames). */
  encoder: NonNullable<Parameters<typeof applyWSSHandler<typeof appRouter>>[0]['experimental_encoder']>;
}

/**
 * tRPC over the WebSocket at /ws: each upgrade is authenticated before it is accepted, every socket
 * gets its subscription budget, its outbox (bounded, coalescing for slow readers, liveness by pings)
 * and a place in the registry that closes it when its session ends or its role changes.
 */
export function serveWebSockets(server: Server, parts: WebSocketParts): void {
  const { config, access, shutdown } = parts;
  const sockets = new SocketRegistry(access, log);
  sockets.start(SOCKET_RECHECK_MS);
  const socketFlow = new SocketFlow(config.edge.socket, parts.metrics);
  shutdown.add('socket registry', () => {
    sockets.stop();
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const wsHandler = applyWSSHandler<typeof appRouter>({
    wss,
    router: appRouter,
    // Called once per WebSocket, so each socket gets its own subscription budget.
    createContext: ({ req }) =>
      contextFrom({
        ...parts.context(req),
        subscriptions: new SubscriptionBudget(config.edge.subscriptionsPerSocket),
      }),
    // Liveness is kept by WebSocket pings (socketFlow): tRPC's keep-alive counts any message as an answer.
    experimental_encoder: parts.encoder,
  });
  shutdown.add('websockets', () => {
    wsHandler.broadcastReconnectNotification();
    for (const client of wss.clients) client.terminate();
    wss.close();
  });
  const secureCookies = config.publicUrl.startsWith('https:');
  server.on('upgrade', (req, socket, head) => {
    // Node hands an upgraded socket over without its error handler: a reset must not crash the process.
    socket.on('error', () => socket.destroy());
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== WS_PATH) {
      // Next adds its own upgrade listener on the first request; it only serves its development
      // hot-reload socket and leaves every other path unanswered, so those are refused here.
      if (!(config.dev && path.startsWith('/_next/'))) refuseUpgrade(socket, 404, 'Not Found');
      return;
    }
    const handshake = setTimeout(() => socket.destroy(), config.edge.handshakeTimeoutMs);
    socket.once('close', () => clearTimeout(handshake));
    void authenticateUpgrade(req, socket, {
      access,
      allowedOrigins: config.allowedOrigins,
      secureCookies,
      log,
    }).then((principal) => {
      if (!principal) return;
      rememberPrincipal(req, principal);
      wss.handleUpgrade(req, socket, head, (ws) => {
        clearTimeout(handshake);
        socketFlow.attach(ws);
        sockets.add(principal, ws);
        wss.emit('connection', ws, req);
      });
    });
  });
}
