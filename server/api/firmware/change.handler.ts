import { mergePatch } from '../../kube/apply';
import { apiServerSaid, KubeRequestError } from '../../kube/kube-request';
import { hostFirmwareSettingsResource } from '../../types/crds/host-firmware-settings';
import type { HandlerOptions } from '../trpc';
import type { ChangeInput } from './change.schema';
import { firmwareObjects } from './firmware-objects';
import { settingsChange } from './settings-change';

export type ChangeAnswer =
  | { status: 'written'; resourceVersion: string }
  | { status: 'rejected'; message: string; fieldErrors?: Record<string, string> };

/**
 * Writes wanted settings to the host's HostFirmwareSettings spec.settings (a merge patch at the version
 * edited), once they pass the schema; the host operator applies them at the next cleaning.
 */
export async function changeHandler({ ctx, input }: HandlerOptions<ChangeInput>): Promise<ChangeAnswer> {
  const { hfs, schema } = firmwareObjects(ctx.runtime, input);
  const change = settingsChange(hfs, schema, input.settings, input.resourceVersion);
  if (change.status === 'rejected') return change;
  try {
    const written = await mergePatch(
      ctx.runtime.kc,
      hostFirmwareSettingsResource,
      input.namespace,
      input.name,
      change.patch,
    );
    return { status: 'written', resourceVersion: written.metadata?.resourceVersion ?? '' };
  } catch (error) {
    if (!(error instanceof KubeRequestError)) throw error;
    const message =
      error.status === 409
        ? `the settings of ${input.name} changed after you opened them; nothing was written. Look at them again and retry.`
        : `the API server refused it: ${apiServerSaid(error)}`;
    return { status: 'rejected', message };
  }
}
