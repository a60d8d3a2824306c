import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import {
  cassandraDeclaration,
  configDeclaration,
  controlDeclaration,
  managerDeclaration,
  rabbitmqDeclaration,
  vrouterDeclaration,
  zookeeperDeclaration,
} from '../../controllers/contrail';
import { deleteObject } from '../../kube/apply';
import { declaredResources } from '../../kube/controller-declaration';
import type { ResourceDescriptor } from '../../kube/resource';
import { KubeRequestError } from '../../kube/kube-request';
import type { Runtime } from '../../runtime';
import { contrailGroupFormSchema, type KnownProfile } from '../../schemas/contrail-group-form';
import { managerResource, type Manager } from '../../types/crds/manager';
import { vrouterResource, type Vrouter } from '../../types/crds/vrouter';
import { apiServerSaid } from '../api-rejection';
import { changesOf } from '../change-subscription';
import { liveView } from '../live-view';
import { fetchObjectEvents } from '../object-events';
import { objectRefSchema, type ObjectRef } from '../object-ref';
import { compareReady, queryReadyRows, readyRowQuerySchema, type ReadyRowPage } from '../ready-row-query';
import { compareText } from '../compare-text';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { submitContrailGroup } from './create-group';
import { deleteGroup } from './delete-group';
import { buildGroupDetail, buildGroupRow, type GroupDetailView, type GroupRow } from './group-view';
import {
  buildManagerDetail,
  buildManagerRow,
  managerGroups,
  type ManagerDetailView,
  type ManagerRow,
} from './manager-view';
import { matchNodes, nodeMatchInputSchema } from './node-match';

/** What a Contrail page shows is read from the kinds its controllers read: a change in any re-renders it. */
const LIVE_RESOURCES = declaredResources(
  managerDeclaration,
  cassandraDeclaration,
  zookeeperDeclaration,
  rabbitmqDeclaration,
  configDeclaration,
  controlDeclaration,
  vrouterDeclaration,
);

const SORT_KEYS = ['name', 'namespace', 'ready', 'age'] as const;
export const contrailQuerySchema = readyRowQuerySchema(SORT_KEYS);
export type ContrailQueryInput = z.input<typeof contrailQuerySchema>;
type ContrailQuery = z.output<typeof contrailQuerySchema>;

function comparators<Row extends { name: string; namespace: string; createdAt?: string }>() {
  return {
    name: (a: Row, b: Row) => compareText(a.name, b.name),
    namespace: (a: Row, b: Row) => compareText(a.namespace, b.namespace),
    ready: compareReady,
    age: (a: Row, b: Row) => compareText(b.createdAt ?? '', a.createdAt ?? ''),
  };
}

const managers = (runtime: Runtime) => runtime.informers.of(managerResource);
const vrouters = (runtime: Runtime) => runtime.informers.of(vrouterResource);

function live<T>(runtime: Runtime, build: () => T, signal: AbortSignal | undefined) {
  return liveView(changesOf(runtime.informers, LIVE_RESOURCES), build, signal);
}

export function managerPage(runtime: Runtime, query: ContrailQuery): ReadyRowPage<ManagerRow> {
  const groups = vrouters(runtime).list();
  const rows = managers(runtime)
    .list()
    .map((manager) => buildManagerRow(manager, managerGroups(manager, groups)));
  return queryReadyRows(
    rows,
    query,
    (row) => `${row.namespace}/${row.name} ${row.ready.reason} ${row.ready.message}`,
    comparators<ManagerRow>(),
  );
}

export function groupPage(runtime: Runtime, query: ContrailQuery): ReadyRowPage<GroupRow> {
  return queryReadyRows(
    vrouters(runtime).list().map(buildGroupRow),
    query,
    (row) =>
      [
        `${row.namespace}/${row.name}`,
        row.manager ?? '',
        row.profiles.join(' '),
        Object.entries(row.selector)
          .map(([key, value]) => `${key}=${value}`)
          .join(' '),
        row.ready.reason,
        row.ready.message,
        row.conflicts.map((c) => c.node).join(' '),
      ].join(' '),
    comparators<GroupRow>(),
  );
}

export type ManagerDetailMessage = { found: true; manager: ManagerDetailView } | { found: false };
export type GroupDetailMessage = { found: true; group: GroupDetailView } | { found: false };

function managerDetail(runtime: Runtime, ref: ObjectRef): ManagerDetailMessage {
  const manager = managers(runtime).get(ref.name, ref.namespace);
  if (!manager) return { found: false };
  const groups = managerGroups(manager, vrouters(runtime).list());
  return { found: true, manager: buildManagerDetail(manager, groups, runtime.informers) };
}

function groupDetail(runtime: Runtime, ref: ObjectRef): GroupDetailMessage {
  const vrouter = vrouters(runtime).get(ref.name, ref.namespace);
  return vrouter ? { found: true, group: buildGroupDetail(vrouter, runtime.informers) } : { found: false };
}

/** What the create form may pick from: each Manager, its profiles and its groups' names. */
export interface ManagerOption {
  namespace: string;
  name: string;
  profiles: KnownProfile[];
  groups: string[];
}

function managerOptions(runtime: Runtime): ManagerOption[] {
  return managers(runtime)
    .list()
    .map((manager) => {
      const services = manager.spec.services ?? {};
      return {
        namespace: manager.metadata.namespace ?? '',
        name: manager.metadata.name ?? '',
        profiles: (services.vrouterProfileTemplates ?? []).map((p) => ({
          name: p.metadata.name,
          spec: p.spec,
        })),
        groups: [...(services.vrouterTemplates ?? []), ...(services.vrouters ?? [])].map(
          (entry) => entry.metadata.name,
        ),
      };
    })
    .sort((a, b) => compareText(`${a.namespace}/${a.name}`, `${b.namespace}/${b.name}`));
}

async function removeManager(runtime: Runtime, ref: ObjectRef): Promise<{ status: 'deleting' }> {
  if (!managers(runtime).get(ref.name, ref.namespace))
    throw new TRPCError({
      code: 'NOT_FOUND',
      message: `Manager ${ref.namespace}/${ref.name} does not exist`,
    });
  try {
    await deleteObject(runtime.kc, managerResource, ref.namespace, ref.name);
  } catch (error) {
    if (error instanceof KubeRequestError && error.status === 403)
      throw new TRPCError({ code: 'FORBIDDEN', message: apiServerSaid(error) });
    throw error;
  }
  return { status: 'deleting' };
}

async function removeGroup(runtime: Runtime, ref: ObjectRef): Promise<{ status: 'deleting' }> {
  const vrouter = vrouters(runtime).get(ref.name, ref.namespace);
  if (!vrouter)
    throw new TRPCError({
      code: 'NOT_FOUND',
      message: `vRouter group ${ref.namespace}/${ref.name} does not exist`,
    });
  await deleteGroup(runtime.kc, vrouter);
  return { status: 'deleting' };
}

function eventsOf(runtime: Runtime, resource: ResourceDescriptor<Manager | Vrouter>, ref: ObjectRef) {
  const uid = runtime.informers.of(resource).get(ref.name, ref.namespace)?.metadata.uid;
  return uid ? fetchObjectEvents(runtime.kc, ref.namespace, uid) : [];
}

const managersRouter = router({
  list: viewerProcedure
    .input(contrailQuerySchema)
    .subscription(({ ctx, input, signal }) =>
      live(ctx.runtime, () => managerPage(ctx.runtime, input), signal),
    ),
  detail: viewerProcedure
    .input(objectRefSchema)
    .subscription(({ ctx, input, signal }) =>
      live(ctx.runtime, () => managerDetail(ctx.runtime, input), signal),
    ),
  events: viewerProcedure
    .input(objectRefSchema)
    .query(({ ctx, input }) => eventsOf(ctx.runtime, managerResource, input)),
  delete: operatorProcedure
    .input(objectRefSchema)
    .mutation(({ ctx, input }) => removeManager(ctx.runtime, input)),
});

const groupsRouter = router({
  list: viewerProcedure
    .input(contrailQuerySchema)
    .subscription(({ ctx, input, signal }) => live(ctx.runtime, () => groupPage(ctx.runtime, input), signal)),
  detail: viewerProcedure
    .input(objectRefSchema)
    .subscription(({ ctx, input, signal }) =>
      live(ctx.runtime, () => groupDetail(ctx.runtime, input), signal),
    ),
  events: viewerProcedure
    .input(objectRefSchema)
    .query(({ ctx, input }) => eventsOf(ctx.runtime, vrouterResource, input)),
  /** Removes the group from its Manager (which prunes the Vrouter), or deletes a Vrouter no Manager declares. */
  delete: operatorProcedure
    .input(objectRefSchema)
    .mutation(({ ctx, input }) => removeGroup(ctx.runtime, input)),
  /** What the create form picks from: the Managers, their profiles and their groups' names. */
  managerOptions: viewerProcedure.query(({ ctx }) => managerOptions(ctx.runtime)),
  /** The nodes a selector matches now, and which of them another group already holds. */
  matchingNodes: viewerProcedure
    .input(nodeMatchInputSchema)
    .query(({ ctx, input }) => matchNodes(ctx.runtime.informers, input.selector)),
  create: operatorProcedure
    .input(contrailGroupFormSchema)
    .mutation(({ ctx, input }) => submitContrailGroup(ctx.runtime.kc, ctx.runtime.informers, input, false)),
  dryRun: operatorProcedure
    .input(contrailGroupFormSchema)
    .mutation(({ ctx, input }) => submitContrailGroup(ctx.runtime.kc, ctx.runtime.informers, input, true)),
});

export const contrailRouter = router({ managers: managersRouter, groups: groupsRouter });
