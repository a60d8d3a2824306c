import type { Runtime } from '../../runtime';
import { bareMetalHostResource } from '../../types/crds/bare-metal-host';
import { macVendor } from '../../inventory/mac-vendor';
import { operatorProcedure, viewerProcedure, router } from '../trpc';
import {
  actOnHost,
  deleteHost,
  hostActionInputSchema,
  hostDeleteInputSchema,
  hostLabelsInputSchema,
  setHostLabels,
} from './host-actions';
import { registerHost } from './register-host';
import { hostRegisterFormSchema } from '../../schemas/host-register-form';
import { buildHostDetail, objectYaml, type HostDetailView } from './host-detail';
import { hostQuerySchema, queryHosts, type HostPage, type HostQuery } from './host-query';
import { cachedRowBuilder } from './host-row';
import { hostActionName } from '../audit-fields';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import { inSlices } from '../../lib/in-slices';
import { fetchObjectEvents } from '../object-events';
import { objectRefSchema, type ObjectRef } from '../object-ref';

/** Every view of hosts projects them through this one cache, so a host's row is built once per change. */
export const indexHost = cachedRowBuilder(macVendor);

export function hostInformer(runtime: Runtime) {
  return runtime.informers.of(bareMetalHostResource);
}

/**
 * Builds every host's row before the first viewer asks (loading the MAC vendor table with the first):
 * at 10,000 hosts that first page otherwise waits about a second, every later one ~20 ms.
 */
export function warmHostRows(runtime: Runtime): Promise<void> {
  return inSlices(hostInformer(runtime).list(), 500, indexHost);
}

export function hostPage(runtime: Runtime, query: HostQuery): HostPage {
  return queryHosts(hostInformer(runtime).list().map(indexHost), query);
}

/** The detail view, or `found: false` so a page can wait for a host that is created or deleted. */
export type HostDetailMessage = { found: true; host: HostDetailView } | { found: false };

function hostDetail(runtime: Runtime, ref: ObjectRef): HostDetailMessage {
  const host = hostInformer(runtime).get(ref.name, ref.namespace);
  return host ? { found: true, host: buildHostDetail(host, macVendor) } : { found: false };
}

export const bareMetalHostsRouter = router({
  /** One page of host rows with facet counts, live. */
  list: viewerProcedure
    .input(hostQuerySchema)
    .subscription(({ ctx, input, signal }) =>
      ctx.runtime.liveViews.view(
        `bareMetalHosts.list ${JSON.stringify(input)}`,
        changesOf(ctx.runtime.informers, [bareMetalHostResource]),
        () => hostPage(ctx.runtime, input),
        signal,
      ),
    ),
  /** The same page once, over HTTP. */
  page: viewerProcedure.input(hostQuerySchema).query(({ ctx, input }) => hostPage(ctx.runtime, input)),
  detail: viewerProcedure
    .input(objectRefSchema)
    .subscription(({ ctx, input, signal }) =>
      liveView(
        changesOf(ctx.runtime.informers, [bareMetalHostResource]),
        () => hostDetail(ctx.runtime, input),
        signal,
      ),
    ),
  /** Read-only YAML without managedFields; fetched when the YAML tab opens. */
  yaml: viewerProcedure.input(objectRefSchema).query(({ ctx, input }) => {
    const host = hostInformer(ctx.runtime).get(input.name, input.namespace);
    return host ? { resourceVersion: host.metadata.resourceVersion ?? '', yaml: objectYaml(host) } : null;
  }),
  /** The labels and the version they were read at: what the labels dialog opened from the list edits. */
  labels: viewerProcedure.input(objectRefSchema).query(({ ctx, input }) => {
    const host = hostInformer(ctx.runtime).get(input.name, input.namespace);
    return host
      ? { resourceVersion: host.metadata.resourceVersion ?? '', labels: host.metadata.labels ?? {} }
      : null;
  }),
  /** events.k8s.io/v1 events regarding the host, read from the API server on demand. */
  events: viewerProcedure.input(objectRefSchema).query(({ ctx, input }) => {
    const host = hostInformer(ctx.runtime).get(input.name, input.namespace);
    return host?.metadata.uid ? fetchObjectEvents(ctx.runtime.kc, input.namespace, host.metadata.uid) : [];
  }),
  /** Power, restart, detach/attach or inspect one host (a bulk action calls this once per host). */
  act: operatorProcedure
    .meta({ auditAction: hostActionName })
    .input(hostActionInputSchema)
    .mutation(({ ctx, input }) => actOnHost(ctx.runtime, input)),
  setLabels: operatorProcedure
    .input(hostLabelsInputSchema)
    .mutation(({ ctx, input }) => setHostLabels(ctx.runtime, input)),
  delete: operatorProcedure
    .input(hostDeleteInputSchema)
    .mutation(({ ctx, input }) => deleteHost(ctx.runtime, input)),
  /** The "Add host" form: the BMC credentials Secret and the BareMetalHost, together. */
  register: operatorProcedure
    .input(hostRegisterFormSchema)
    .mutation(({ ctx, input }) =>
      registerHost(ctx.runtime.kc, hostInformer(ctx.runtime).list(), input, false),
    ),
  /** The same, as a server-side dry run: nothing is stored. */
  registerDryRun: operatorProcedure
    .input(hostRegisterFormSchema)
    .mutation(({ ctx, input }) =>
      registerHost(ctx.runtime.kc, hostInformer(ctx.runtime).list(), input, true),
    ),
});
