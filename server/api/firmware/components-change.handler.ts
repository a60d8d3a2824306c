import { hostFirmwareComponentsResource } from '../../types/crds/host-firmware-components';
import type { HandlerOptions } from '../trpc';
import type { ComponentsChangeInput } from './components-change.schema';
import { componentsChange } from './components-change';
import { writeCheckedPatch, type WriteAnswer } from './write-checked-patch';

/**
 * Writes a host's requested firmware updates (HostFirmwareComponents spec.updates) once BMO's rules accept
 * them; BMO flashes them at the host's next cleaning or servicing, not now.
 */
export async function componentsChangeHandler({
  ctx,
  input,
}: HandlerOptions<ComponentsChangeInput>): Promise<WriteAnswer> {
  const hfc = ctx.runtime.informers.of(hostFirmwareComponentsResource).get(input.name, input.namespace);
  const change = componentsChange(hfc, input.updates, input.resourceVersion);
  if (change.status === 'rejected') return change;
  return writeCheckedPatch(
    ctx.runtime.kc,
    hostFirmwareComponentsResource,
    input,
    change.patch,
    `the firmware components of ${input.name} changed after you opened them; nothing was written. Look at them again and retry.`,
  );
}
