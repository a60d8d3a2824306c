import type { Runtime } from '../../runtime';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { live, vrouters } from './contrail-cache';
import { buildGroupDetail, type GroupDetailView } from './group-view';

export type GroupDetailMessage = { found: true; group: GroupDetailView } | { found: false };

function groupDetail(runtime: Runtime, ref: ObjectRef): GroupDetailMessage {
  const vrouter = vrouters(runtime).get(ref.name, ref.namespace);
  return vrouter ? { found: true, group: buildGroupDetail(vrouter, runtime.informers) } : { found: false };
}

export function groupsDetailHandler({ ctx, input, signal }: HandlerOptions<ObjectRef>) {
  return live(ctx.runtime, () => groupDetail(ctx.runtime, input), signal);
}
