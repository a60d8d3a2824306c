import { createHash } from 'node:crypto';
import { LabHttp } from './lab-http';
import {
  VirtualHost,
  type VirtualHostEvent,
  type VirtualHostIdentity,
  type VirtualHostPhase,
  type VirtualHostTiming,
} from './virtual-host';

/**
 * The lab's unregistered servers: N virtual machines in one process that PXE-boot against the boot
 * service (timers and one keep-alive pool, not a process per machine). They are a simulator for the
 * demo and the tests; nothing in the product starts them.
 */

export interface VirtualLabOptions {
  /** The boot file iPXE is chained to, e.g. `http://127.0.0.1:3000/boot.ipxe`. */
  bootUrl: string;
  hosts: number;
  /** Distinguishes labs (and their MACs) running against the same server, e.g. one per test. */
  seed?: string;
  timing?: Partial<VirtualHostTiming>;
  /** Power-ons are spread evenly over this window, as when a rack is switched on. */
  startSpreadMs?: number;
  installFailureRate?: number;
  /** Origins images are downloaded from; defaults to the boot service's own origin. */
  fetchOrigins?: string[];
  onEvent?: (event: VirtualHostEvent) => void;
}

export interface VirtualLabStats {
  hosts: number;
  phases: Record<VirtualHostPhase, number>;
  boots: number;
  /** HTTP requests the fleet sent. */
  requests: number;
  installsDone: number;
  installsFailed: number;
}

export interface VirtualLab {
  hosts: readonly VirtualHost[];
  /** The host with this MAC (any case, colon-separated). */
  host(mac: string): VirtualHost | undefined;
  stats(): VirtualLabStats;
  /** Powers every machine off and closes the connection pool. */
  stop(): Promise<void>;
}

export const DEFAULT_TIMING: VirtualHostTiming = {
  postMs: 2_000,
  installMs: 8_000,
  retryMs: 10_000,
  jitter: 0.25,
};

/** Real vendors' OUIs, so the console's vendor column reads like a real fleet. */
const MODELS: readonly { oui: string; manufacturer: string; product: string; bmc: (ip: string) => string }[] =
  [
    {
      oui: '24:6e:96',
      manufacturer: 'Dell Inc.',
      product: 'PowerEdge R660',
      bmc: (ip) => `idrac-redfish://${ip}/redfish/v1/Systems/System.Embedded.1`,
    },
    {
      oui: '94:40:c9',
      manufacturer: 'HPE',
      product: 'ProLiant DL360 Gen11',
      bmc: (ip) => `ilo5-redfish://${ip}/redfish/v1/Systems/1`,
    },
    {
      oui: 'ac:1f:6b',
      manufacturer: 'Supermicro',
      product: 'SYS-121H-TNR',
      bmc: (ip) => `ipmi://${ip}:623`,
    },
    {
      oui: '80:96:21',
      manufacturer: 'Lenovo',
      product: 'ThinkSystem SR630 V3',
      bmc: (ip) => `redfish+https://${ip}/redfish/v1/Systems/1`,
    },
  ];

function hex(seed: string, ...parts: (string | number)[]): string {
  return createHash('sha256')
    .update([seed, ...parts].join('/'))
    .digest('hex');
}

/** Deterministic identity of machine `index` in a lab seeded with `seed`. */
export function virtualHostIdentity(seed: string, index: number): VirtualHostIdentity {
  const model = MODELS[index % MODELS.length] ?? MODELS[0];
  if (!model) throw new Error('no lab models');
  const digest = hex(seed, index);
  const mac = `${model.oui}:${digest.slice(0, 2)}:${digest.slice(2, 4)}:${digest.slice(4, 6)}`;
  const uuid = `${digest.slice(8, 16)}-${digest.slice(16, 20)}-4${digest.slice(21, 24)}-8${digest.slice(25, 28)}-${digest.slice(28, 40)}`;
  // One BMC address and one loopback source address per machine, 62,500 machines per lab.
  const octets = `${Math.floor(index / 250)}.${(index % 250) + 2}`;
  const site = 10 + (parseInt(hex(seed, 'site').slice(0, 4), 16) % 240);
  return {
    name: `vm-${String(index + 1).padStart(4, '0')}`,
    mac,
    uuid,
    serial: `LAB${digest.slice(40, 48).toUpperCase()}`,
    manufacturer: model.manufacturer,
    product: model.product,
    bmcAddress: model.bmc(`10.40.${octets}`),
    ip: `127.${site}.${octets}`,
  };
}

/** Creates the machines and powers them on (spread over `startSpreadMs`). */
export function startVirtualLab(options: VirtualLabOptions): VirtualLab {
  const http = new LabHttp();
  const seed = options.seed ?? 'rackpilot-lab';
  const context = {
    http,
    bootUrl: options.bootUrl,
    timing: { ...DEFAULT_TIMING, ...options.timing },
    fetchOrigins: new Set(options.fetchOrigins ?? [new URL(options.bootUrl).origin]),
    installFailureRate: options.installFailureRate ?? 0,
    random: Math.random,
    onEvent: options.onEvent,
  };
  const hosts = Array.from(
    { length: options.hosts },
    (_, index) => new VirtualHost(virtualHostIdentity(seed, index), context),
  );
  const byMac = new Map(hosts.map((host) => [host.identity.mac, host]));
  const spread = options.startSpreadMs ?? 0;
  const starts = hosts.map((host, index) =>
    setTimeout(
      () => {
        host.powerOn();
      },
      hosts.length > 1 ? (spread * index) / (hosts.length - 1) : 0,
    ),
  );
  let stopped: Promise<void> | undefined;
  return {
    hosts,
    host: (mac) => byMac.get(mac.toLowerCase()),
    stats: () => {
      const phases: Record<VirtualHostPhase, number> = {
        off: 0,
        post: 0,
        pxe: 0,
        installing: 0,
        running: 0,
        'boot-failed': 0,
      };
      let boots = 0;
      let installsDone = 0;
      let installsFailed = 0;
      for (const host of hosts) {
        phases[host.phase] += 1;
        boots += host.boots;
        installsDone += host.installsDone;
        installsFailed += host.installsFailed;
      }
      return { hosts: hosts.length, phases, boots, requests: http.sent, installsDone, installsFailed };
    },
    stop: () => {
      stopped ??= (async () => {
        for (const timer of starts) clearTimeout(timer);
        await Promise.all(hosts.map((host) => host.powerOff()));
        http.destroy();
      })();
      return stopped;
    },
  };
}
