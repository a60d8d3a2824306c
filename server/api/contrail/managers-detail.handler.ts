import type { Runtime } from '../../runtime';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { live, managers, vrouters } from './contrail-cache';
import { buildManagerDetail, managerGroups, type ManagerDetailView } from './manager-view';

export type ManagerDetailMessage = { found: true; manager: ManagerDetailView } | { found: false };

function managerDetail(runtime: Runtime, ref: ObjectRef): ManagerDetailMessage {
  const manager = managers(runtime).get(ref.name, ref.namespace);
  if (!manager) return { found: false };
  const groups = managerGroups(manager, vrouters(runtime).list());
  return { found: true, manager: buildManagerDetail(manager, groups, runtime.informers) };
}

export function managersDetailHandler({ ctx, input, signal }: HandlerOptions<ObjectRef>) {
  return live(ctx.runtime, () => managerDetail(ctx.runtime, input), signal);
}
