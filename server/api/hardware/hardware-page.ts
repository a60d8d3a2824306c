import type { BootService } from '../../boot/boot-service';
import type { HardwareRecord } from '../../boot/hardware-store';
import type { Runtime } from '../../runtime';
import type { HardwarePage, HardwareQuery, HardwareRow } from '../../schemas/hardware-list';
import { plunderMachineResource } from '../../types/crds';
import { changesOf, eventsOf } from '../change-subscription';
import { machinesOf } from './hardware-cache';
import { queryHardware } from './hardware-query';
import { hardwareRow } from './hardware-rows';

/** The list's row of every MAC the boot service knows. */
export function hardwareRows(runtime: Runtime, boot: BootService): HardwareRow[] {
  return [...boot.store.all()].map((record) => rowOf(runtime, boot, record));
}

/** The list's row of one MAC as it is now, or undefined when the boot service does not know it. */
export function hardwareRowOf(runtime: Runtime, boot: BootService, mac: string): HardwareRow | undefined {
  const record = boot.store.get(mac);
  return record && rowOf(runtime, boot, record);
}

function rowOf(runtime: Runtime, boot: BootService, record: HardwareRecord): HardwareRow {
  const machines = machinesOf(runtime);
  return hardwareRow(
    record,
    (namespace, name) => machines.get(name, namespace),
    boot.progress.current(record.mac),
  );
}

export function hardwarePage(runtime: Runtime, boot: BootService, query: HardwareQuery): HardwarePage {
  return queryHardware(hardwareRows(runtime, boot), query, new Date());
}

/** Changes to sightings (coalesced by the store), lifecycle states, steps, and PlunderMachines. */
export function subscribeHardware(runtime: Runtime, boot: BootService) {
  return changesOf(
    runtime.informers,
    [plunderMachineResource],
    eventsOf(boot.store, 'change', 'state'),
    eventsOf(boot.progress, 'step'),
  );
}
