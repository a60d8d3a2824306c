/**
 * What differs between the things a bulk job acts on (hosts of the hosts list and rack view, MACs of
 * the unleased list): how the filter selects them, what is kept of the request, and one target's turn.
 * The runner does the rest alike.
 */
import type { Runtime } from '../../runtime';
import { clustersOf } from '../hardware/hardware-cache';
import { hardwareRows } from '../hardware/hardware-page';
import { hostInformer, indexHost } from '../hosts/host-cache';
import { planHardware } from './bulk-hardware-plan';
import { runOnMachine, type HardwareJobSpec } from './bulk-hardware-step';
import { runOnHost, type HostJobSpec } from './bulk-host-step';
import { planTargets, type BulkPlan, type BulkTarget } from './bulk-plan';
import type { BulkRequester, TurnOutcome } from './bulk-turn';
import type { BulkPreviewInput, BulkStartInput } from './start.schema';

export type BulkJobSpec = HostJobSpec | HardwareJobSpec;

/**
 * What the filter selects now, from the same rows the list shows. A provision job into a cluster that
 * does not exist is refused here rather than failing on every machine.
 */
export function planOf(runtime: Runtime, input: BulkPreviewInput): BulkPlan {
  if (input.kind === 'hardware') {
    const { namespace, cluster } = input.provision;
    if (!clustersOf(runtime).get(cluster, namespace)) {
      return { ok: false, count: 0, message: `No PlunderCluster ${cluster} in namespace ${namespace}` };
    }
    return planHardware(hardwareRows(runtime, runtime.boot), input.filter);
  }
  const hosts = hostInformer(runtime)
    .list()
    .map((host) => ({ ...indexHost(host), uid: host.metadata.uid }));
  return planTargets(hosts, input.filter);
}

/** The job as its turns need it. */
export function jobSpecOf(id: string, input: BulkStartInput): BulkJobSpec {
  if (input.kind === 'hardware') {
    const { kind, action, filter, provision } = input;
    return { kind, id, action, filter, provision };
  }
  const { kind, action, filter, labels } = input;
  return { kind, id, action, filter, labels };
}

/** What the job's record keeps beside its filter: the pace and the action's own input. */
export function storedOptions(input: BulkStartInput): object {
  if (input.kind === 'hardware') return { ...input.options, provision: input.provision };
  return { ...input.options, ...(input.labels ? { labels: input.labels } : {}) };
}

export function runTurn(
  runtime: Runtime,
  job: BulkJobSpec,
  target: BulkTarget,
  requester: BulkRequester,
): Promise<TurnOutcome> {
  return job.kind === 'hardware'
    ? runOnMachine(runtime, job, target, requester)
    : runOnHost(runtime, job, target, requester);
}
