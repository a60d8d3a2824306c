import { hostFirmwareSettingsResource } from '../../types/crds/host-firmware-settings';
import type { HandlerOptions } from '../trpc';
import type { ChangeInput } from './change.schema';
import { firmwareObjects } from './firmware-objects';
import { settingsChange } from './settings-change';
import { writeCheckedPatch, type WriteAnswer } from './write-checked-patch';

/**
 * Writes wanted settings to the host's HostFirmwareSettings spec.settings (a merge patch at the version
 * edited), once they pass the schema; the host operator applies them at the next cleaning.
 */
export async function changeHandler({ ctx, input }: HandlerOptions<ChangeInput>): Promise<WriteAnswer> {
  const { hfs, schema } = firmwareObjects(ctx.runtime, input);
  const change = settingsChange(hfs, schema, input.settings, input.resourceVersion);
  if (change.status === 'rejected') return change;
  return writeCheckedPatch(
    ctx.runtime.kc,
    hostFirmwareSettingsResource,
    input,
    change.patch,
    `the settings of ${input.name} changed after you opened them; nothing was written. Look at them again and retry.`,
  );
}
