import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import type { HandlerOptions } from '../trpc';
import type { RaidChangeInput } from './raid-change.schema';
import { raidChange, raidChangedMessage } from './raid-change';
import { writeCheckedPatch, type WriteAnswer } from './write-checked-patch';

/**
 * Writes a host's spec.raid (a merge patch at the version sent) once BMO's rules accept it; the host
 * operator makes the layout at the host's next preparing.
 */
export async function raidChangeHandler({
  ctx,
  input,
}: HandlerOptions<RaidChangeInput>): Promise<WriteAnswer> {
  const host = ctx.runtime.informers.of(bareMetalHostResource).get(input.name, input.namespace);
  const change = raidChange(host, input.name, input);
  if (change.status === 'rejected') return change;
  return writeCheckedPatch(
    ctx.runtime.kc,
    bareMetalHostResource,
    input,
    change.patch,
    raidChangedMessage(input.name),
  );
}
