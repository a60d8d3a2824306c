/**
 * One host's turn in a bulk job: checked again (it still exists, still matches the filter, the action
 * still applies), then audited and changed through the same code as the host's own dialog.
 */
import type { Runtime } from '../../runtime';
import {
  actionRefusal,
  deleteNeedsTypedName,
  HOST_ACTION_LABELS,
  HOST_ACTIONS,
  type HostAction,
} from '../../schemas/host-actions';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { hostActionName } from '../audit-fields';
import type { HostFilter } from '../hosts/host-query';
import { hostInformer, indexHost } from '../hosts/host-cache';
import { actionStateOf, actOnHost, deleteHost, setHostLabels } from '../hosts/host-actions';
import { noLongerMatches, type BulkTarget } from './bulk-plan';
import type { BulkAction } from '../../schemas/bulk-actions';
import { auditedTurn, type BulkRequester, type TurnOutcome } from './bulk-turn';
import type { BulkLabels } from './start.schema';

export interface HostJobSpec {
  kind: 'hosts';
  id: string;
  action: BulkAction;
  filter: HostFilter;
  labels?: BulkLabels | undefined;
}

function isHostAction(action: BulkAction): action is HostAction {
  return (HOST_ACTIONS as readonly string[]).includes(action);
}

/** The host's labels after the job's change. */
export function labelsAfter(current: Record<string, string>, change: BulkLabels): Record<string, string> {
  const removed = new Set(change.remove);
  return Object.fromEntries(
    Object.entries({ ...current, ...change.set }).filter(([key]) => !removed.has(key)),
  );
}

function sameLabels(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Why the action does not apply to the host as it is now, or undefined when it does. */
export function actionSkip(job: HostJobSpec, host: BareMetalHost): string | undefined {
  const state = actionStateOf(host);
  if (isHostAction(job.action)) {
    const why = actionRefusal(job.action, state);
    return why && `${HOST_ACTION_LABELS[job.action]} does not apply: ${why}`;
  }
  if (job.action === 'delete') {
    return deleteNeedsTypedName(state)
      ? 'it is provisioned or claimed by a tenant cluster: delete it from its own page, with its name typed'
      : undefined;
  }
  const current = host.metadata.labels ?? {};
  return job.labels && sameLabels(current, labelsAfter(current, job.labels))
    ? 'its labels are already as asked'
    : undefined;
}

function auditActionOf(action: BulkAction): string {
  return hostActionName({ action }) ?? (action === 'labels' ? 'hosts.setLabels' : 'hosts.delete');
}

async function change(runtime: Runtime, job: HostJobSpec, host: BareMetalHost, actor: string) {
  const ref = { namespace: host.metadata.namespace ?? '', name: host.metadata.name ?? '' };
  if (isHostAction(job.action)) return actOnHost(runtime, { ...ref, action: job.action }, actor);
  if (job.action === 'delete') return deleteHost(runtime, ref, actor);
  return setHostLabels(
    runtime,
    {
      ...ref,
      resourceVersion: host.metadata.resourceVersion ?? '',
      labels: labelsAfter(host.metadata.labels ?? {}, job.labels ?? { set: {}, remove: [] }),
    },
    actor,
  );
}

/** The target host as the cache has it now, or why its turn is skipped: gone, or created again. */
export function targetHost(
  runtime: Runtime,
  target: BulkTarget,
): { host: BareMetalHost } | { skip: TurnOutcome } {
  const host = hostInformer(runtime).get(target.name, target.namespace);
  if (!host) return { skip: { outcome: 'skipped', reason: 'it no longer exists' } };
  if (target.uid && host.metadata.uid !== target.uid) {
    return { skip: { outcome: 'skipped', reason: 'it was deleted and created again since the job started' } };
  }
  return { host };
}

/** Runs the job's action on one host; never throws: every end is an outcome with its reason. */
export async function runOnHost(
  runtime: Runtime,
  job: HostJobSpec,
  target: BulkTarget,
  requester: BulkRequester,
): Promise<TurnOutcome> {
  const found = targetHost(runtime, target);
  if ('skip' in found) return found.skip;
  const { host } = found;
  const skip = noLongerMatches(indexHost(host), job.filter) ?? actionSkip(job, host);
  if (skip) return { outcome: 'skipped', reason: skip };
  const intent = {
    action: auditActionOf(job.action),
    target: `${target.namespace}/${target.name}`,
    input: { bulkJob: job.id, ...(job.labels ? { labels: job.labels } : {}) },
  };
  return auditedTurn(runtime, requester, intent, async () => {
    await change(runtime, job, host, requester.actor);
    return { outcome: 'done' };
  });
}
