import type { BootService } from '../../boot/boot-service';
import type { Runtime } from '../../runtime';
import type { HardwarePage, HardwareQuery } from '../../schemas/hardware-list';
import { plunderMachineResource } from '../../types/crds';
import { changesOf, eventsOf } from '../change-subscription';
import { machinesOf } from './hardware-cache';
import { queryHardware } from './hardware-query';
import { hardwareRow } from './hardware-rows';

export function hardwarePage(runtime: Runtime, boot: BootService, query: HardwareQuery): HardwarePage {
  const machines = machinesOf(runtime);
  const machineOf = (namespace: string, name: string) => machines.get(name, namespace);
  const rows = [...boot.store.all()].map((record) =>
    hardwareRow(record, machineOf, boot.progress.current(record.mac)),
  );
  return queryHardware(rows, query, new Date());
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
