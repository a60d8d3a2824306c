import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { VirtualLab } from './virtual-lab';
import type { VirtualHost } from './virtual-host';

/**
 * The lab machines' BMCs over HTTP, as the subset of Redfish an operator or a test uses to
 * power-cycle a machine (a released machine only PXE-boots into its wipe when it restarts):
 *
 *   GET  /redfish/v1/Systems                                     members, one per machine
 *   GET  /redfish/v1/Systems/<id>                                power state, identity
 *   POST /redfish/v1/Systems/<id>/Actions/ComputerSystem.Reset   {"ResetType": "On" | "ForceOff" |
 *                                                                 "ForceRestart" | "PowerCycle" | …}
 *
 * `<id>` is the machine's MAC without separators. Basic auth, like a real BMC.
 */

export interface LabBmcServer {
  url: string;
  username: string;
  password: string;
  /** The Redfish system URL of a machine. */
  systemUrl(host: VirtualHost): string;
  stop(): Promise<void>;
}

export interface LabBmcOptions {
  host?: string;
  port?: number;
  username?: string;
  password: string;
}

const SYSTEMS = '/redfish/v1/Systems';
const RESET_TYPES = [
  'On',
  'ForceOn',
  'ForceOff',
  'GracefulShutdown',
  'ForceRestart',
  'GracefulRestart',
  'PowerCycle',
];

function systemId(host: VirtualHost): string {
  return host.identity.mac.replace(/:/g, '');
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function redfishError(res: ServerResponse, status: number, message: string): void {
  send(res, status, { error: { code: 'Base.1.0.GeneralError', message } });
}

function authorised(req: IncomingMessage, expected: string): boolean {
  const given = Buffer.from(req.headers.authorization ?? '');
  const wanted = Buffer.from(`Basic ${Buffer.from(expected).toString('base64')}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      if (body.length < 4096) body += chunk.toString();
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(body));
      } catch {
        resolve(undefined);
      }
    });
  });
}

async function reset(host: VirtualHost, type: string): Promise<void> {
  if (type === 'On' || type === 'ForceOn') host.powerOn();
  else if (type === 'ForceOff' || type === 'GracefulShutdown') await host.powerOff();
  else await host.reset();
}

function system(host: VirtualHost) {
  const { identity } = host;
  return {
    '@odata.id': `${SYSTEMS}/${systemId(host)}`,
    Id: systemId(host),
    Name: identity.name,
    Manufacturer: identity.manufacturer,
    Model: identity.product,
    SerialNumber: identity.serial,
    UUID: identity.uuid,
    PowerState: host.poweredOn ? 'On' : 'Off',
    Boot: { BootSourceOverrideTarget: 'Pxe', BootSourceOverrideEnabled: 'Continuous' },
    Oem: { RackpilotLab: { phase: host.phase, mac: identity.mac, boots: host.boots } },
    Actions: {
      '#ComputerSystem.Reset': {
        target: `${SYSTEMS}/${systemId(host)}/Actions/ComputerSystem.Reset`,
        'ResetType@Redfish.AllowableValues': RESET_TYPES,
      },
    },
  };
}

/** Serves the BMCs of every machine in `lab` on one loopback port. */
export async function startLabBmcServer(lab: VirtualLab, options: LabBmcOptions): Promise<LabBmcServer> {
  const username = options.username ?? 'admin';
  const credentials = `${username}:${options.password}`;
  const byId = new Map(lab.hosts.map((host) => [systemId(host), host]));
  const server = createServer((req, res) => {
    if (!authorised(req, credentials)) {
      res.setHeader('www-authenticate', 'Basic realm="lab BMC"');
      redfishError(res, 401, 'authentication required');
      return;
    }
    const path = new URL(req.url ?? '/', 'http://bmc').pathname.replace(/\/$/, '');
    const match = /^\/redfish\/v1\/Systems(?:\/([0-9a-f]{12})(\/Actions\/ComputerSystem\.Reset)?)?$/.exec(
      path,
    );
    const host = match?.[1] ? byId.get(match[1]) : undefined;
    if (!match || (match[1] && !host)) {
      redfishError(res, 404, `no resource at ${path}`);
    } else if (!host && req.method === 'GET') {
      send(res, 200, {
        '@odata.id': SYSTEMS,
        'Members@odata.count': byId.size,
        Members: [...byId.keys()].map((id) => ({ '@odata.id': `${SYSTEMS}/${id}` })),
      });
    } else if (host && !match[2] && req.method === 'GET') {
      send(res, 200, system(host));
    } else if (host && match[2] && req.method === 'POST') {
      void readJson(req).then(async (body) => {
        const type = (body as { ResetType?: unknown } | undefined)?.ResetType;
        if (typeof type !== 'string' || !RESET_TYPES.includes(type)) {
          redfishError(res, 400, `ResetType must be one of ${RESET_TYPES.join(', ')}`);
          return;
        }
        await reset(host, type);
        send(res, 204);
      });
    } else {
      redfishError(res, 405, `${req.method ?? '?'} not allowed on ${path}`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    url,
    username,
    password: options.password,
    systemUrl: (host) => `${url}${SYSTEMS}/${systemId(host)}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
