import type { KubeConfig, V1Secret } from '@kubernetes/client-node';
import { kubeRequestJson } from '../../server/kube/kube-request';
import type { BareMetalHost, BareMetalHostStatus } from '../../server/types/crds/bare-metal-host';
import { INSPECT_ANNOTATION, REBOOT_ANNOTATION } from '../../server/schemas/host-actions';
import { normalizeMac } from '../../server/schemas/mac-address';
import { nextHostStep, type HostStep } from './host-operator-plan';

/**
 * The lab's stand-in for Metal3's baremetal-operator, for the hosts of one namespace: power follows
 * spec.online through the host's BMC, reboot.metal3.io power-cycles and is removed, the detached
 * annotation sets operationalStatus, inspect.metal3.io goes through inspecting, and a new host is
 * registered and inspected. Each step waits `stepMs` first, like the seed's registration. Only the lab
 * runs it; against a real cluster Metal3 does this.
 */

export interface LabHostOperatorOptions {
  namespace: string;
  stepMs: number;
  /** How often the namespace's hosts are listed. */
  pollMs?: number;
  /**
   * Origins of BMCs that really answer Redfish (the lab's virtual machines' BMC server). Any other
   * address exists only on paper (the seeded hosts' 10.10.x.x BMCs): its power is simulated.
   */
  redfishOrigins?: string[];
  log?: (line: string) => void;
}

export interface LabHostOperator {
  stop(): Promise<void>;
}

const FIELD_MANAGER = 'rackpilot-lab-operator';

function iso(ms = Date.now()): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function hostKey(host: BareMetalHost): string {
  return `${host.metadata.namespace ?? ''}/${host.metadata.name ?? ''}`;
}

/** `redfish+http://127.0.0.1:4000/redfish/v1/Systems/abc` → the system URL over plain HTTP(S). */
export function redfishSystemUrl(address: string | undefined): URL | undefined {
  const match = /^(?:redfish|redfish-virtualmedia|idrac-redfish)(?:\+(https?))?:\/\/(.+)$/.exec(
    address ?? '',
  );
  if (!match) return undefined;
  try {
    return new URL(`${match[1] ?? 'https'}://${match[2] ?? ''}`);
  } catch {
    return undefined;
  }
}

export function startLabHostOperator(kc: KubeConfig, options: LabHostOperatorOptions): LabHostOperator {
  const log = options.log ?? (() => undefined);
  const hostsPath = `/apis/metal3.io/v1alpha1/namespaces/${options.namespace}/baremetalhosts`;
  const busy = new Set<string>();
  /**
   * Versions of a host this operator has already acted on or written: a list that was under way while a
   * step finished may still show one of them, and acting on it again would, say, restart twice.
   */
  const handled = new Map<string, Set<string>>();
  const remember = (host: BareMetalHost) => {
    const key = hostKey(host);
    const versions = handled.get(key) ?? new Set<string>();
    versions.add(host.metadata.resourceVersion ?? '');
    handled.set(key, versions);
    return host;
  };
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();
  const pending = new Set<() => void>();

  const wait = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (stopping.signal.aborted) {
        resolve(false);
        return;
      }
      const done = () => {
        clearTimeout(timer);
        pending.delete(done);
        resolve(!stopping.signal.aborted);
      };
      const timer = setTimeout(done, ms);
      pending.add(done);
    });

  const patch = async (path: string, body: unknown) =>
    remember(
      await kubeRequestJson<BareMetalHost>(kc, path, {
        method: 'PATCH',
        query: { fieldManager: FIELD_MANAGER },
        body,
        contentType: 'application/merge-patch+json',
      }),
    );
  const writeStatus = (host: BareMetalHost, status: BareMetalHostStatus) =>
    patch(`${hostsPath}/${host.metadata.name ?? ''}/status`, { status: { ...status, lastUpdated: iso() } });
  const removeAnnotation = (host: BareMetalHost, key: string) =>
    patch(`${hostsPath}/${host.metadata.name ?? ''}`, { metadata: { annotations: { [key]: null } } });

  async function bmcPower(host: BareMetalHost, on: boolean): Promise<void> {
    const system = redfishSystemUrl(host.spec.bmc?.address);
    if (!system || !options.redfishOrigins?.includes(system.origin)) return;
    const secret = await kubeRequestJson<V1Secret>(
      kc,
      `/api/v1/namespaces/${options.namespace}/secrets/${host.spec.bmc?.credentialsName ?? ''}`,
    );
    const field = (key: string) => Buffer.from(secret.data?.[key] ?? '', 'base64').toString('utf8');
    const response = await fetch(`${system.href.replace(/\/$/, '')}/Actions/ComputerSystem.Reset`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${field('username')}:${field('password')}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ResetType: on ? 'On' : 'ForceOff' }),
    });
    if (!response.ok) throw new Error(`BMC answered ${response.status}`);
  }

  function hardwareOf(host: BareMetalHost): BareMetalHostStatus['hardware'] {
    const mac = normalizeMac(host.spec.bootMACAddress ?? '') ?? host.spec.bootMACAddress;
    return (
      host.status?.hardware ?? {
        systemVendor: {
          manufacturer: 'Rackpilot lab',
          productName: 'Virtual server',
          serialNumber: host.metadata.uid,
        },
        cpu: { arch: 'x86_64', model: 'Virtual CPU', count: 8, clockMegahertz: 2400 },
        ramMebibytes: 32768,
        nics: mac ? [{ name: 'eno1', mac, ip: '', speedGbps: 10, pxe: true }] : [],
        storage: [{ name: '/dev/sda', type: 'SSD', sizeBytes: 480_103_981_056, model: 'Virtual disk' }],
        hostname: host.metadata.name,
      }
    );
  }

  async function inspect(host: BareMetalHost, history: BareMetalHostStatus['operationHistory']) {
    const start = iso();
    const inspecting = { state: 'inspecting' as const, ID: host.metadata.uid ?? '' };
    await writeStatus(host, {
      operationalStatus: 'OK',
      errorType: '',
      errorMessage: '',
      errorCount: 0,
      poweredOn: true,
      provisioning: inspecting,
      operationHistory: { ...history, inspect: { start } },
    });
    if (!(await wait(2 * options.stepMs))) return;
    await bmcPower(host, host.spec.online);
    await writeStatus(host, {
      poweredOn: host.spec.online,
      provisioning: { ...inspecting, state: 'available' },
      hardware: hardwareOf(host),
      operationHistory: { ...history, inspect: { start, end: iso() } },
    });
  }

  async function run(host: BareMetalHost, step: HostStep): Promise<void> {
    if (!(await wait(options.stepMs))) return;
    switch (step.kind) {
      case 'power':
        await bmcPower(host, step.on);
        await writeStatus(host, { poweredOn: step.on });
        return;
      case 'reboot':
        await bmcPower(host, false);
        await writeStatus(host, { poweredOn: false });
        if (!(await wait(options.stepMs))) return;
        await bmcPower(host, true);
        await writeStatus(host, { poweredOn: true });
        await removeAnnotation(host, REBOOT_ANNOTATION);
        return;
      case 'detach':
        await writeStatus(host, { operationalStatus: 'detached' });
        return;
      case 'attach':
        await writeStatus(host, { operationalStatus: 'OK' });
        return;
      case 'inspect':
        // Metal3 removes the request when inspection starts.
        await removeAnnotation(host, INSPECT_ANNOTATION);
        await inspect(host, host.status?.operationHistory);
        return;
      case 'register': {
        const register = { start: iso() };
        await writeStatus(host, {
          operationalStatus: 'OK',
          errorType: '',
          errorCount: 0,
          poweredOn: false,
          provisioning: { state: 'registering', ID: '' },
          operationHistory: { register, inspect: {}, provision: {}, deprovision: {} },
        });
        if (!(await wait(options.stepMs))) return;
        await inspect(host, { register: { ...register, end: iso() }, provision: {}, deprovision: {} });
        return;
      }
    }
  }

  async function poll(): Promise<void> {
    const list = await kubeRequestJson<{ items: BareMetalHost[] }>(kc, hostsPath);
    for (const host of list.items) {
      const key = hostKey(host);
      if (busy.has(key) || handled.get(key)?.has(host.metadata.resourceVersion ?? '')) continue;
      handled.delete(key);
      const step = nextHostStep(host);
      if (!step) continue;
      busy.add(key);
      remember(host);
      const job = run(host, step)
        .catch((error: unknown) => {
          log(`lab operator: ${key} ${step.kind}: ${error instanceof Error ? error.message : String(error)}`);
        })
        .finally(() => {
          busy.delete(key);
          running.delete(job);
        });
      running.add(job);
    }
  }

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      await poll().catch((error: unknown) => {
        log(`lab operator: listing hosts: ${error instanceof Error ? error.message : String(error)}`);
      });
      await wait(options.pollMs ?? 300);
    }
  })();
  log(`lab: simulated host operator for BareMetalHosts in namespace ${options.namespace}`);
  return {
    stop: async () => {
      stopping.abort();
      for (const done of [...pending]) done();
      await loop;
      await Promise.all([...running]);
    },
  };
}
