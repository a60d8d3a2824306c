import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { previewSipSchedule } from '../../controllers/sip-cluster';
import { macVendor } from '../../inventory/mac-vendor';
import type { Runtime } from '../../runtime';
import { whyNotFree } from '../../schemas/host-free';
import type { FieldErrors } from '../../schemas/field-errors';
import {
  defaultSipClusterForm,
  sipClusterFormSchema,
  sipPreviewSchema,
  type SipClusterForm,
} from '../../schemas/sip-cluster-form';
import { nodesOfRoles } from '../../schemas/sip-cluster-object';
import { bareMetalHostResource, type BareMetalHost } from '../../types/crds/bare-metal-host';
import { sipClusterResource } from '../../types/crds/sip-cluster';
import { cachedRowBuilder } from '../bare-metal-hosts/host-row';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import { fetchObjectEvents } from '../object-events';
import { namespaceNameSchema, objectRefSchema, type ObjectRef } from '../object-ref';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { buildClusterDetail, type ClusterDetailView } from './cluster-detail';
import { clusterQuerySchema, queryClusters, type ClusterPage, type ClusterQuery } from './cluster-query';
import { buildClusterRow, countClusterHosts } from './cluster-row';
import { createSipCluster, deleteSipCluster, type CreateResult } from './create-sip-cluster';
import { fieldRejection } from '../api-rejection';
import { namespaceNames, secretExists, secretNames } from '../object-names';
import { fetchOwnedServices, ownedServicesFromCache, type OwnedServicesView } from './owned-services';
import { freeNodePorts, nodePortConflicts, nodePortsOf } from './port-conflicts';
import { deploymentResource, serviceResource } from '../../kube/resource';

const indexHost = cachedRowBuilder(macVendor);
const MAX_OFFERED = 200;

function clusterInformer(runtime: Runtime) {
  return runtime.informers.of(sipClusterResource);
}

function hostInformer(runtime: Runtime) {
  return runtime.informers.of(bareMetalHostResource);
}

/** What a cluster's rows are read from. */
const CLUSTER_RESOURCES = [sipClusterResource, bareMetalHostResource];
/** What its page is read from: also the Deployments and Services it owns, when cached. */
const CLUSTER_DETAIL_RESOURCES = [...CLUSTER_RESOURCES, deploymentResource, serviceResource];

function clusterPage(runtime: Runtime, query: ClusterQuery): ClusterPage {
  const counts = countClusterHosts(hostInformer(runtime).list());
  const rows = clusterInformer(runtime)
    .list()
    .map((cluster) => buildClusterRow(cluster, counts));
  return queryClusters(rows, query);
}

export type ClusterDetailMessage =
  { found: true; cluster: ClusterDetailView; owned?: OwnedServicesView } | { found: false };

function clusterDetail(runtime: Runtime, ref: ObjectRef): ClusterDetailMessage {
  const cluster = clusterInformer(runtime).get(ref.name, ref.namespace);
  if (!cluster) return { found: false };
  return {
    found: true,
    cluster: buildClusterDetail(cluster, hostInformer(runtime).list(), indexHost),
    owned: ownedServicesFromCache(runtime.informers, ref.namespace, ref.name),
  };
}

export interface LabelOption {
  key: string;
  /** Hosts carrying the key, and how many of them are free (whyNotFree). */
  hosts: number;
  free: number;
  values: { value: string; hosts: number; free: number }[];
}

/** Label keys and values present on hosts, for the selector builder; SIP's own labels left out. */
export function labelOptions(hosts: readonly BareMetalHost[]): LabelOption[] {
  const keys = new Map<
    string,
    { hosts: number; free: number; values: Map<string, { hosts: number; free: number }> }
  >();
  for (const host of hosts) {
    const labels = host.metadata.labels ?? {};
    const free = whyNotFree(host) === undefined;
    for (const [key, value] of Object.entries(labels)) {
      if (key.startsWith('sip.airshipit.org/')) continue;
      const entry = keys.get(key) ?? {
        hosts: 0,
        free: 0,
        values: new Map<string, { hosts: number; free: number }>(),
      };
      entry.hosts++;
      if (free) entry.free++;
      const counts = entry.values.get(value) ?? { hosts: 0, free: 0 };
      counts.hosts++;
      if (free) counts.free++;
      entry.values.set(value, counts);
      keys.set(key, entry);
    }
  }
  return [...keys]
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(0, MAX_OFFERED)
    .map(([key, entry]) => ({
      key,
      hosts: entry.hosts,
      free: entry.free,
      values: [...entry.values]
        .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
        .slice(0, MAX_OFFERED)
        .map(([value, counts]) => ({ value, ...counts })),
    }));
}

/** Checks across objects (node ports of other clusters, the Secret), then the API server's create. */
async function submitSipCluster(
  runtime: Runtime,
  input: SipClusterForm,
  dryRun: boolean,
): Promise<CreateResult> {
  const conflicts: FieldErrors = nodePortConflicts(
    { namespace: input.namespace, name: input.name, ports: nodePortsOf(input.services) },
    clusterInformer(runtime).list(),
  );
  const secret = input.services.jumpHost.privateKeySecret;
  if (!(await secretExists(runtime.kc, runtime.informers, input.namespace, secret))) {
    conflicts['services.jumpHost.privateKeySecret'] =
      `No Secret named ${secret} in namespace ${input.namespace}`;
  }
  return fieldRejection(conflicts) ?? createSipCluster(runtime.kc, input, dryRun);
}

export const tenantClustersRouter = router({
  /** One page of SIPCluster rows, live. */
  list: viewerProcedure
    .input(clusterQuerySchema)
    .subscription(({ ctx, input, signal }) =>
      ctx.runtime.liveViews.view(
        `tenantClusters.list ${JSON.stringify(input)}`,
        changesOf(ctx.runtime.informers, CLUSTER_RESOURCES),
        () => clusterPage(ctx.runtime, input),
        signal,
      ),
    ),
  /** One SIPCluster with its hosts (and owned Deployments/Services when cached), live. */
  detail: viewerProcedure
    .input(objectRefSchema)
    .subscription(({ ctx, input, signal }) =>
      liveView(
        changesOf(ctx.runtime.informers, CLUSTER_DETAIL_RESOURCES),
        () => clusterDetail(ctx.runtime, input),
        signal,
      ),
    ),
  /** The Deployments and Services the SIPCluster owns, read on demand. */
  services: viewerProcedure
    .input(objectRefSchema)
    .query(({ ctx, input }) =>
      fetchOwnedServices(ctx.runtime.kc, ctx.runtime.informers, input.namespace, input.name),
    ),
  events: viewerProcedure.input(objectRefSchema).query(({ ctx, input }) => {
    const cluster = clusterInformer(ctx.runtime).get(input.name, input.namespace);
    return cluster?.metadata.uid
      ? fetchObjectEvents(ctx.runtime.kc, input.namespace, cluster.metadata.uid)
      : [];
  }),
  /** What the create form offers: host label keys and values, and the namespaces that exist. */
  formOptions: viewerProcedure.query(async ({ ctx }) => ({
    labels: labelOptions(hostInformer(ctx.runtime).list()),
    namespaces: await namespaceNames(ctx.runtime.kc),
    /** The form's default nodePorts moved past those other SIPClusters use. */
    freePorts: freeNodePorts(
      nodePortsOf(defaultSipClusterForm().services),
      clusterInformer(ctx.runtime).list(),
    ),
  })),
  /** Secret names in a namespace, for the jump host's private keys; never their data. */
  secretNames: viewerProcedure
    .input(z.object({ namespace: namespaceNameSchema }))
    .query(({ ctx, input }) => secretNames(ctx.runtime.kc, ctx.runtime.informers, input.namespace)),
  /** Per role: free hosts matching, schedulable under anti-affinity, shortfall; and node-port clashes. */
  preview: viewerProcedure.input(sipPreviewSchema).query(({ ctx, input }) => ({
    roles: previewSipSchedule(
      { nodes: nodesOfRoles(input.roles), services: {} },
      input.namespace,
      input.name,
      hostInformer(ctx.runtime).list(),
    ),
    portConflicts: nodePortConflicts(input, clusterInformer(ctx.runtime).list()),
  })),
  create: operatorProcedure
    .input(sipClusterFormSchema)
    .mutation(({ ctx, input }) => submitSipCluster(ctx.runtime, input, false)),
  /** The same checks as create, ending in a server-side dry run: nothing is stored. */
  dryRun: operatorProcedure
    .input(sipClusterFormSchema)
    .mutation(({ ctx, input }) => submitSipCluster(ctx.runtime, input, true)),
  delete: operatorProcedure.input(objectRefSchema).mutation(async ({ ctx, input }) => {
    const result = await deleteSipCluster(ctx.runtime.kc, input.namespace, input.name);
    if (result.status === 'gone' && !clusterInformer(ctx.runtime).get(input.name, input.namespace)) {
      throw new TRPCError({
        code: 'NOT_FOUND',
        message: `SIPCluster ${input.namespace}/${input.name} does not exist`,
      });
    }
    return result;
  }),
});
