import type { ObjectRef } from '../object-ref';
import type { HandlerOptions } from '../trpc';
import { hostInformer } from './host-cache';
import { objectYaml } from './host-detail';

/** Read-only YAML without managedFields; fetched when the YAML tab opens. */
export function yamlHandler({ ctx, input }: HandlerOptions<ObjectRef>) {
  const host = hostInformer(ctx.runtime).get(input.name, input.namespace);
  return host ? { resourceVersion: host.metadata.resourceVersion ?? '', yaml: objectYaml(host) } : null;
}
