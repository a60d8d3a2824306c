import type { KubeConfig, V1Secret } from '@kubernetes/client-node';
import { kubeRequestJson } from '../../server/kube/kube-request';
import type { BareMetalHost, BareMetalHostStatus } from '../../server/types/crds/bare-metal-host';
import { abortableDelays } from './abortable-delays';
import { HandledVersions, hostKey } from './handled-versions';
import { metal3Time } from './metal3-time';
import { nextHostStep, type HostStep } from './host-operator-plan';
import { bmcCredentials, hostStepActions, labRedfishSystem, redfishResetRequest } from './host-step-actions';
import { componentsAwaitCleaning } from '../../server/schemas/firmware-component-rules';
import { settingsAwaitCleaning } from '../../server/schemas/firmware-settings-state';
import { labFirmwareClient } from './lab-firmware-sync';
import { planLabFirmware } from './lab-firmware-plan';

/**
 * The lab's stand-in for Metal3's baremetal-operator, for the hosts of one namespace: power follows
 * spec.online through the host's BMC, reboot.metal3.io power-cycles and is removed, the detached
 * annotation sets operationalStatus, inspect.metal3.io goes through inspecting, and a new host is
 * registered and inspected. Each inspected host gets BMO's firmware objects (HardwareData, FirmwareSchema,
 * HostFirmwareSettings, HostFirmwareComponents, lab-firmware-plan.ts), and a valid settings change,
 * requested firmware updates or a new spec.raid are made during a cleaning of the available host (lab-cleaning.ts). Each step waits `stepMs` first, like the seed's registration. Only the lab
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

export function startLabHostOperator(kc: KubeConfig, options: LabHostOperatorOptions): LabHostOperator {
  const log = options.log ?? (() => undefined);
  const hostsPath = `/apis/metal3.io/v1alpha1/namespaces/${options.namespace}/baremetalhosts`;
  const busy = new Set<string>();
  const handled = new HandledVersions();
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();
  const wait = abortableDelays(stopping.signal);
  const firmware = labFirmwareClient(kc, options.namespace);

  const patch = async (path: string, body: unknown) =>
    handled.remember(
      await kubeRequestJson<BareMetalHost>(kc, path, {
        method: 'PATCH',
        query: { fieldManager: FIELD_MANAGER },
        body,
        contentType: 'application/merge-patch+json',
      }),
    );
  const writeStatus = (host: BareMetalHost, status: BareMetalHostStatus) =>
    patch(`${hostsPath}/${host.metadata.name ?? ''}/status`, {
      status: { ...status, lastUpdated: metal3Time() },
    });
  const removeAnnotation = (host: BareMetalHost, key: string) =>
    patch(`${hostsPath}/${host.metadata.name ?? ''}`, { metadata: { annotations: { [key]: null } } });

  async function bmcPower(host: BareMetalHost, on: boolean): Promise<void> {
    const system = labRedfishSystem(host.spec.bmc?.address, options.redfishOrigins);
    if (!system) return;
    const secret = await kubeRequestJson<V1Secret>(
      kc,
      `/api/v1/namespaces/${options.namespace}/secrets/${host.spec.bmc?.credentialsName ?? ''}`,
    );
    const request = redfishResetRequest(system, bmcCredentials(secret), on);
    const response = await fetch(request.url, request.init);
    if (!response.ok) throw new Error(`BMC answered ${response.status}`);
  }

  async function run(host: BareMetalHost, step: HostStep): Promise<void> {
    const at: string[] = [];
    for (const action of hostStepActions(host, step)) {
      switch (action.kind) {
        case 'wait':
          if (!(await wait(action.steps * options.stepMs))) return;
          break;
        case 'power':
          await bmcPower(host, action.on);
          break;
        case 'status':
          at.push(metal3Time());
          await writeStatus(host, action.status(at));
          break;
        case 'unannotate':
          await removeAnnotation(host, action.key);
          break;
        case 'firmware':
          await firmware.applyAtCleaning(host.metadata.name ?? '');
          break;
        case 'raid':
          await patch(`${hostsPath}/${host.metadata.name ?? ''}/status`, {
            status: { provisioning: { raid: action.raid } },
          });
          break;
      }
    }
  }

  let lastFirmwareError = '';
  /**
   * The hosts' firmware objects brought up to date; the names of those whose settings or requested
   * firmware updates await a cleaning.
   * A failure (the firmware kinds not served) leaves power, inspection and the rest working.
   */
  async function syncFirmware(hosts: BareMetalHost[]): Promise<Set<string>> {
    try {
      const objects = await firmware.list(hosts);
      await firmware.write(planLabFirmware(objects, metal3Time()));
      lastFirmwareError = '';
      return new Set(
        [
          ...objects.settings.filter(settingsAwaitCleaning),
          ...objects.components.filter(componentsAwaitCleaning),
        ].map((object) => object.metadata.name ?? ''),
      );
    } catch (error) {
      const line = `lab operator: firmware settings: ${error instanceof Error ? error.message : String(error)}`;
      // Said once while it lasts, not at every poll.
      if (line !== lastFirmwareError) log(line);
      lastFirmwareError = line;
      return new Set();
    }
  }

  async function poll(): Promise<void> {
    const list = await kubeRequestJson<{ items: BareMetalHost[] }>(kc, hostsPath);
    const awaitingCleaning = await syncFirmware(list.items.filter((host) => !busy.has(hostKey(host))));
    for (const host of list.items) {
      const key = hostKey(host);
      if (busy.has(key)) continue;
      const fresh = handled.isNew(host);
      const step = nextHostStep(host, awaitingCleaning.has(host.metadata.name ?? ''));
      // A settings change leaves the host's version as it was: its cleaning starts all the same.
      if (!step || (!fresh && step.kind !== 'prepare')) continue;
      busy.add(key);
      handled.remember(host);
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
      await loop;
      await Promise.all([...running]);
    },
  };
}
