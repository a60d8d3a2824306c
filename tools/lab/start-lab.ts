import type { KubeConfig } from '@kubernetes/client-node';
import { startLabHostOperator } from './lab-host-operator';
import { LAB_NAMESPACE } from './lab-hosts';
import { runStandInSimulator } from './openstack-stand-ins';
import { OPENSTACK_NAMESPACE, seedPlacementLab } from './placement-lab';
import { seedContrail } from './seed-contrail';
import { seedLab } from './seed-lab';
import { startHardwareLab, type HardwareLab } from './start-hardware-lab';

export interface LabOptions {
  /** The simulated host steps (registration, inspection, power), in ms. */
  stepMs: number;
  /** Virtual machines PXE-booting from `bootUrl`; 0 for none. */
  virtualHosts: number;
  bootUrl: string;
  /** Stops the lab when aborted. */
  signal: AbortSignal;
  log: (line: string) => void;
  /** Runs once the lab's objects are seeded, before its machines start (the simulator's boot profiles). */
  beforeMachines?: () => Promise<void>;
}

export interface RunningLab {
  stop(): Promise<void>;
}

/**
 * The whole simulator as `npm start` runs it beside the server: the lab's BareMetalHosts, the Contrail
 * and OpenStack labs with their stand-ins, the virtual machines with their BMCs, and the simulated host
 * operator. bench:console's instance mode runs the same beside its server.
 */
export async function startLab(kc: KubeConfig, options: LabOptions): Promise<RunningLab> {
  const { stepMs, virtualHosts, bootUrl, signal, log } = options;
  const { hosts } = await seedLab(kc, { log, progress: { stepMs, staggerMs: 400, signal } });
  log(`hardware lab (simulated): ${hosts} BareMetalHosts in namespace ${LAB_NAMESPACE}`);
  await seedContrail(kc, LAB_NAMESPACE);
  log(`contrail lab: Manager lab-contrail with three vRouter groups in namespace ${LAB_NAMESPACE}`);
  await seedPlacementLab(kc);
  void runStandInSimulator(kc, { intervalMs: 2_000, signal, log });
  log(
    `OpenStack lab (simulated stand-ins for mariadb-, keystone-operator, Multus, MetalLB): PlacementAPI placement in namespace ${OPENSTACK_NAMESPACE}`,
  );
  let machines: HardwareLab | undefined;
  if (virtualHosts > 0) {
    await options.beforeMachines?.();
    machines = await startHardwareLab({
      bootUrl,
      hosts: virtualHosts,
      startSpreadMs: Math.min(20_000, virtualHosts * 500),
      log,
    });
  }
  const redfishOrigins = machines ? [new URL(machines.bmc.url).origin] : [];
  const operator = startLabHostOperator(kc, { namespace: LAB_NAMESPACE, stepMs, redfishOrigins, log });
  let stopped: Promise<void> | undefined;
  // Power the machines off before the server stops, so none reports into a closing server.
  const stop = () => (stopped ??= Promise.all([operator.stop(), machines?.stop()]).then(() => undefined));
  signal.addEventListener('abort', () => void stop(), { once: true });
  return { stop };
}
