/**
 * What differs between the things a bulk job acts on (hosts of the hosts list and rack view, MACs of
 * the unleased list, firmware settings of the hosts of one model): how the filter selects them, what is kept of the request, and one target's turn.
 * The runner does the rest alike.
 */
import { TRPCError } from '@trpc/server';
import { scopeAllows, type NamespaceScope } from '../../access/namespace-scope';
import type { Runtime } from '../../runtime';
import { clustersOf } from '../hardware/hardware-cache';
import { hardwareRows } from '../hardware/hardware-page';
import { indexHost, visibleHosts } from '../hosts/host-cache';
import { planFirmware, runOnFirmware, type FirmwareJobSpec } from './bulk-firmware-step';
import { planHardware } from './bulk-hardware-plan';
import { runOnMachine, type HardwareJobSpec } from './bulk-hardware-step';
import { runOnHost, type HostJobSpec } from './bulk-host-step';
import { planTargets, type BulkPlan, type BulkTarget } from './bulk-plan';
import type { BulkRequester, TurnOutcome } from './bulk-turn';
import type { BulkPreviewInput, BulkStartInput } from './start.schema';

export type BulkJobSpec = HostJobSpec | HardwareJobSpec | FirmwareJobSpec;

/**
 * What the filter selects now, from the same rows the list shows the caller: the hosts of their
 * namespaces. A provision job into a cluster that does not exist is refused here rather than failing
 * on every machine; one on unleased machines (of no namespace yet) needs a role in every namespace.
 */
export function planOf(runtime: Runtime, input: BulkPreviewInput, scope: NamespaceScope): BulkPlan {
  if (input.kind === 'hardware') {
    if (!scope.all) {
      throw new TRPCError({
        code: 'FORBIDDEN',
        message: 'unleased machines belong to no namespace: acting on them needs a role in every namespace',
      });
    }
    const { namespace, cluster } = input.provision;
    if (!clustersOf(runtime).get(cluster, namespace)) {
      return { ok: false, count: 0, message: `No PlunderCluster ${cluster} in namespace ${namespace}` };
    }
    return planHardware(hardwareRows(runtime, runtime.boot), input.filter);
  }
  if (input.kind === 'firmware') return planFirmware(runtime, input.filter, input.firmware, scope);
  const hosts = visibleHosts(runtime, scope).map((host) => ({ ...indexHost(host), uid: host.metadata.uid }));
  return planTargets(hosts, input.filter);
}

/** The job as its turns need it. */
export function jobSpecOf(id: string, input: BulkStartInput): BulkJobSpec {
  if (input.kind === 'hardware') {
    const { kind, action, filter, provision } = input;
    return { kind, id, action, filter, provision };
  }
  if (input.kind === 'firmware') {
    const { kind, action, filter, firmware } = input;
    return { kind, id, action, filter, firmware };
  }
  const { kind, action, filter, labels } = input;
  return { kind, id, action, filter, labels };
}

/** What the job's record keeps beside its filter: the pace and the action's own input. */
export function storedOptions(input: BulkStartInput): object {
  if (input.kind === 'hardware') return { ...input.options, provision: input.provision };
  if (input.kind === 'firmware') return { ...input.options, firmware: input.firmware };
  return { ...input.options, ...(input.labels ? { labels: input.labels } : {}) };
}

/**
 * One target's turn. Every kind re-checks its target before acting; here, for all of them, that it is
 * still in the namespaces of the user who started the job (`scope`, as at the start: a namespace whose
 * labels no longer match the user's selector is skipped).
 */
export function runTurn(
  runtime: Runtime,
  job: BulkJobSpec,
  target: BulkTarget,
  requester: BulkRequester,
  scope: NamespaceScope,
): Promise<TurnOutcome> {
  if (!scopeAllows(scope, target.namespace)) {
    return Promise.resolve({
      outcome: 'skipped',
      reason: 'outside the namespaces of the user who started the job',
    });
  }
  if (job.kind === 'hardware') return runOnMachine(runtime, job, target, requester);
  if (job.kind === 'firmware') return runOnFirmware(runtime, job, target, requester);
  return runOnHost(runtime, job, target, requester);
}
