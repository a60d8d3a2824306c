import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ServerConfig } from '../config';
import { startingReadiness } from '../health';
import { capConnections } from '../http/connection-limits';
import { listen } from '../http/listen';
import { RequestDrain } from '../http/request-drain';
import { sendJson } from '../http/send';
import type { Shutdown } from '../shutdown';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface HttpServer {
  server: Server;
  /** Hands every request from now on to `handler`; stopping then drains them first. */
  serve(handler: RequestHandler): void;
}

/**
 * The HTTP server, bound before anything else starts so that a port clash fails first. Until `serve`
 * is called it answers only the health checks, and "starting" to everything else.
 */
export async function openHttpServer(config: ServerConfig, shutdown: Shutdown): Promise<HttpServer> {
  let handle: RequestHandler | undefined;
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
  await listen(server, config.host, config.port);
  shutdown.add('http server', () => new Promise<void>((resolve) => server.close(() => resolve())));
  server.on('close', () => server.closeAllConnections());
  return {
    server,
    serve(handler) {
      handle = handler;
      // Runs second: requests already accepted are answered before the runtime and database go, so a
      // rolling update fails none of them.
      shutdown.add('requests in flight', () => requests.drain(server));
      // Registered last, so it runs first: no new connections while the rest stops in order
      // (controllers, then the boot service's last sightings, then the database).
      shutdown.add('accepting connections', () => {
        server.close();
      });
    },
  };
}
