import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { hostInformer } from './host-cache';

/** The labels and the version they were read at: what the labels dialog opened from the list edits. */
export function labelsHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  const host = hostInformer(ctx.runtime).get(input.name, input.namespace);
  return host
    ? { resourceVersion: host.metadata.resourceVersion ?? '', labels: host.metadata.labels ?? {} }
    : null;
}
