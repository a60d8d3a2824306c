import type { Runtime } from '../../runtime';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { live, managers, vrouters } from './contrail-cache';
import { buildGroupDetail, type GroupDetailView } from './group-view';

/**
 * The group, or why there is none: a group its Manager holds back (its Control not active yet) has
 * no Vrouter, and the Manager's status says what it waits for.
 */
export type GroupDetailMessage =
  { found: true; group: GroupDetailView } | { found: false; heldBack?: { manager: string; reason: string } };

function heldBack(runtime: Runtime, ref: ObjectRef): { manager: string; reason: string } | undefined {
  for (const manager of managers(runtime).list()) {
    if (manager.metadata.namespace !== ref.namespace) continue;
    const wait = manager.status?.waiting?.find((w) => w.service === 'vrouters' && w.name === ref.name);
    if (wait) return { manager: manager.metadata.name ?? '', reason: wait.reason };
  }
  return undefined;
}

function groupDetail(runtime: Runtime, ref: ObjectRef): GroupDetailMessage {
  const vrouter = vrouters(runtime).get(ref.name, ref.namespace);
  if (vrouter) return { found: true, group: buildGroupDetail(vrouter, runtime.informers) };
  const held = heldBack(runtime, ref);
  return held ? { found: false, heldBack: held } : { found: false };
}

export function groupsDetailHandler({ ctx, input, signal }: HandlerOptions<ObjectRef>) {
  return live(ctx.runtime, () => groupDetail(ctx.runtime, input), signal);
}
