import { fetchObjectEvents } from '../object-events';
import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { ironics } from './ironic-cache';

export function eventsHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  const uid = ironics(ctx.runtime).get(input.name, input.namespace)?.metadata.uid;
  return uid ? fetchObjectEvents(ctx.runtime.kc, input.namespace, uid) : [];
}
