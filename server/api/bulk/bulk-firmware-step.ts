/**
 * A firmware job (the fleet firmware view's "apply"): every host of one vendor and model its filter
 * matches gets the settings it lacks written to its HostFirmwareSettings spec, checked and written by
 * the per-host editor's code; the host operator applies them at its next cleaning.
 */
import type { NamespaceScope } from '../../access/namespace-scope';
import type { Runtime } from '../../runtime';
import type { FirmwareBulkAction } from '../../schemas/bulk-actions';
import { compareText } from '../compare-text';
import { firmwareObjects } from '../firmware/firmware-objects';
import { fleetApplyStep } from '../firmware/fleet-apply';
import { fleetMembers } from '../firmware/fleet-hosts';
import { hostPartOf, inTenant, type FleetFilter, type FleetSettings } from '../firmware/fleet.schema';
import { writeCheckedPatch } from '../firmware/write-checked-patch';
import { indexHost } from '../hosts/host-cache';
import { hostFirmwareSettingsResource } from '../../types/crds/host-firmware-settings';
import { limitPlan, noLongerMatches, type BulkPlan, type BulkTarget } from './bulk-plan';
import { targetHost } from './bulk-host-step';
import { auditedTurn, type BulkRequester, type TurnOutcome } from './bulk-turn';
import { BULK_NOUNS } from '../../schemas/bulk-actions';

export interface FirmwareJobSpec {
  kind: 'firmware';
  id: string;
  action: FirmwareBulkAction;
  filter: FleetFilter;
  firmware: FleetSettings;
}

/** The caller's hosts of the job's vendor and model that the filter matches now (namespace, then name). */
export function planFirmware(
  runtime: Runtime,
  filter: FleetFilter,
  firmware: FleetSettings,
  scope: NamespaceScope,
): BulkPlan {
  const targets = fleetMembers(runtime, filter, scope)
    .members.filter((host) => host.vendor === firmware.vendor && host.model === firmware.model)
    .map(({ namespace, name, uid }) => ({ namespace, name, ...(uid ? { uid } : {}) }))
    .sort((a, b) => compareText(a.namespace, b.namespace) || compareText(a.name, b.name));
  return limitPlan(targets, BULK_NOUNS.firmware);
}

/** Writes the settings the host lacks; never throws: every end is an outcome with its reason. */
export async function runOnFirmware(
  runtime: Runtime,
  job: FirmwareJobSpec,
  target: BulkTarget,
  requester: BulkRequester,
): Promise<TurnOutcome> {
  const found = targetHost(runtime, target);
  if ('skip' in found) return found.skip;
  const indexed = indexHost(found.host);
  const moved = noLongerMatches(indexed, hostPartOf(job.filter));
  if (moved) return { outcome: 'skipped', reason: moved };
  if (!inTenant(indexed.row, job.filter)) {
    return { outcome: 'skipped', reason: 'no longer matches the filter: it left the tenant cluster' };
  }
  const { hfs, schema } = firmwareObjects(runtime, target);
  const step = fleetApplyStep(hfs, schema, job.firmware);
  if (step.kind === 'skip') return { outcome: 'skipped', reason: step.reason };
  const intent = {
    action: 'firmware.change',
    target: `${target.namespace}/${target.name}`,
    input: {
      bulkJob: job.id,
      settings: step.settings,
      ...(job.firmware.baseline ? { baseline: job.firmware.baseline } : {}),
    },
  };
  return auditedTurn(runtime, requester, intent, async () => {
    const answer = await writeCheckedPatch(
      runtime.kc,
      hostFirmwareSettingsResource,
      target,
      step.patch,
      `the settings of ${target.name} changed while the job read them; nothing was written`,
    );
    return answer.status === 'written'
      ? { outcome: 'done', reason: `asked for ${Object.keys(step.settings).join(', ')}` }
      : { outcome: 'failed', reason: answer.message };
  });
}
