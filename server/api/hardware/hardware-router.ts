import { TRPCError } from '@trpc/server';
import type { BootService } from '../../boot/boot-service';
import { poolKey, type LeaseHolder } from '../../inventory/ip-leases';
import {
  addressPool,
  addressProblem,
  canonicalIp,
  freeAddresses,
  isPool,
  poolCapacity,
  type PoolSpec,
} from '../../inventory/ip-pool';
import { deleteObject } from '../../kube/apply';
import { provisionTarget } from '../audit-fields';
import type { Runtime } from '../../runtime';
import {
  confirmAddressInputSchema,
  hardwareQuerySchema,
  macInputSchema,
  type HardwarePage,
  type HardwareQuery,
} from '../../schemas/hardware-list';
import {
  DEPLOYMENT_PROFILE_LABELS,
  DEPLOYMENT_PROFILES,
  ipCheckInputSchema,
  KUBERNETES_VERSIONS,
  MACHINE_ROLES,
  machineRefSchema,
  provisionInputSchema,
  type ClusterOption,
  type IpCheckResult,
  type MachineActionOutcome,
  type MachineRef,
  type ProvisionFormOptions,
} from '../../schemas/provision-form';
import {
  plunderClusterResource,
  plunderMachineResource,
  type PlunderCluster,
  type PlunderMachine,
} from '../../types/crds';
import { changesOf, eventsOf } from '../change-subscription';
import { liveView } from '../live-view';
import { operatorProcedure, router, viewerProcedure } from '../trpc';
import { clusterApiMachineVersion } from './cluster-api';
import { hardwareRow } from './hardware-rows';
import { queryHardware } from './hardware-query';
import { hardwareDetail } from './hardware-timeline';
import { provision } from './provision';

const machinesOf = (runtime: Runtime) => runtime.informers.of(plunderMachineResource);
const clustersOf = (runtime: Runtime) => runtime.informers.of(plunderClusterResource);

export function hardwarePage(runtime: Runtime, boot: BootService, query: HardwareQuery): HardwarePage {
  const machines = machinesOf(runtime);
  const machineOf = (namespace: string, name: string) => machines.get(name, namespace);
  const rows = [...boot.store.all()].map((record) =>
    hardwareRow(record, machineOf, boot.progress.current(record.mac)),
  );
  return queryHardware(rows, query, new Date());
}

/** Changes to sightings (coalesced by the store), lifecycle states, steps, and PlunderMachines. */
function subscribeHardware(runtime: Runtime, boot: BootService) {
  return changesOf(
    runtime.informers,
    [plunderMachineResource],
    eventsOf(boot.store, 'change', 'state'),
    eventsOf(boot.progress, 'step'),
  );
}

async function clusterOption(boot: BootService, cluster: PlunderCluster): Promise<ClusterOption> {
  const spec = cluster.spec ?? {};
  const namespace = cluster.metadata.namespace ?? '';
  const name = cluster.metadata.name ?? '';
  const pool = addressPool(spec);
  let freeCount: number | null = null;
  if (isPool(pool)) {
    const held = await boot.leases.held(poolKey(namespace, name));
    freeCount = Math.max(0, poolCapacity(pool) - held.size);
  }
  return {
    namespace,
    name,
    ready: cluster.status?.ready === true,
    subnet: spec.subnet ?? null,
    gateway: spec.gateway ?? null,
    pool: spec.ipPool ?? null,
    freeAddresses: freeCount,
  };
}

function findMachine(runtime: Runtime, ref: MachineRef): PlunderMachine {
  const machine = machinesOf(runtime).get(ref.name, ref.namespace);
  if (!machine?.metadata.uid) {
    throw new TRPCError({ code: 'NOT_FOUND', message: `No PlunderMachine ${ref.namespace}/${ref.name}` });
  }
  return machine;
}

export const hardwareRouter = router({
  /** One page of hardware rows (every MAC the boot service knows), live, batched ≤ 250 ms. */
  list: viewerProcedure.input(hardwareQuerySchema).subscription(({ ctx, input, signal }) => {
    const boot = ctx.runtime.boot;
    return liveView(
      subscribeHardware(ctx.runtime, boot),
      () => hardwarePage(ctx.runtime, boot, input),
      signal,
    );
  }),
  /** One MAC's row and provisioning timeline (the newest events, bounded per MAC), live. */
  timeline: viewerProcedure
    .input(macInputSchema)
    .subscription(({ ctx, input, signal }) =>
      hardwareDetail(ctx.runtime, ctx.runtime.boot, input.mac, signal),
    ),
  /** The same page once, over HTTP. */
  page: viewerProcedure
    .input(hardwareQuerySchema)
    .query(({ ctx, input }) => hardwarePage(ctx.runtime, ctx.runtime.boot, input)),
  /** Choices of the provision form: clusters with their pools, profiles, roles, versions. */
  formOptions: viewerProcedure.query(async ({ ctx }): Promise<ProvisionFormOptions> => {
    const boot = ctx.runtime.boot;
    const clusters = clustersOf(ctx.runtime)
      .list()
      .filter((cluster) => !cluster.metadata.deletionTimestamp)
      .sort((a, b) =>
        `${a.metadata.namespace ?? ''}/${a.metadata.name ?? ''}`.localeCompare(
          `${b.metadata.namespace ?? ''}/${b.metadata.name ?? ''}`,
        ),
      );
    return {
      clusters: await Promise.all(clusters.map((cluster) => clusterOption(boot, cluster))),
      profiles: DEPLOYMENT_PROFILES.map((value) => ({ value, label: DEPLOYMENT_PROFILE_LABELS[value] })),
      roles: [...MACHINE_ROLES],
      kubernetesVersions: [...KUBERNETES_VERSIONS],
      clusterApi: (await clusterApiMachineVersion(ctx.runtime.kc)) !== undefined,
    };
  }),
  /** Whether an address fits a cluster (existing, or typed into the inline form), and the next free ones. */
  checkIp: viewerProcedure.input(ipCheckInputSchema).query(async ({ ctx, input }): Promise<IpCheckResult> => {
    const boot = ctx.runtime.boot;
    let spec: PoolSpec;
    let name: string;
    if (input.cluster.mode === 'existing') {
      const cluster = clustersOf(ctx.runtime).get(input.cluster.name, input.namespace);
      if (!cluster) {
        throw new TRPCError({
          code: 'NOT_FOUND',
          message: `No PlunderCluster ${input.namespace}/${input.cluster.name}`,
        });
      }
      spec = cluster.spec ?? {};
      name = input.cluster.name;
    } else {
      const form = input.cluster.cluster;
      spec = { subnet: form.subnet, gateway: form.gateway };
      if (form.poolStart && form.poolEnd) spec.ipPool = { start: form.poolStart, end: form.poolEnd };
      name = form.name;
    }
    const held =
      input.cluster.mode === 'existing'
        ? await boot.leases.held(poolKey(input.namespace, name))
        : new Map<string, LeaseHolder>();
    const result: IpCheckResult = { free: [] };
    if (input.ip !== undefined) {
      const holder = held.get(canonicalIp(input.ip) ?? input.ip);
      const problem =
        addressProblem(spec, input.ip) ??
        (holder ? `${input.ip} is already given to ${holder.namespace}/${holder.name}` : undefined);
      result.ip = problem ? { ok: false, message: problem } : { ok: true };
    }
    const pool = addressPool(spec);
    if (isPool(pool)) result.free = freeAddresses(pool, new Set(held.keys()), input.count);
    return result;
  }),
  /** PlunderMachines (and optionally their PlunderCluster) for the selected MACs; all or nothing. */
  provision: operatorProcedure
    .meta({ auditTarget: provisionTarget })
    .input(provisionInputSchema)
    .mutation(({ ctx, input }) =>
      provision({ kc: ctx.runtime.kc, informers: ctx.runtime.informers, boot: ctx.runtime.boot }, input),
    ),
  /** A failed install is tried again on the machine's next boot. */
  retry: operatorProcedure
    .input(machineRefSchema)
    .mutation(async ({ ctx, input }): Promise<MachineActionOutcome> => {
      const boot = ctx.runtime.boot;
      const machine = findMachine(ctx.runtime, input);
      const row = await boot.hardwareDb.claims.retry(machine.metadata.uid ?? '');
      if (!row)
        return {
          status: 'rejected',
          message: `${input.namespace}/${input.name} has no failed install to retry`,
        };
      boot.store.applyStates([row], Date.now());
      return { status: 'done' };
    }),
  /**
   * Resolves an address conflict: of the MAC's bound address and the other one that asked for it, `ip`
   * is the machine's. The MAC is rebound to it and gets tokens again (docs/security.md §15).
   */
  confirmAddress: operatorProcedure
    .input(confirmAddressInputSchema)
    .mutation(async ({ ctx, input }): Promise<MachineActionOutcome> => {
      const boot = ctx.runtime.boot;
      const by = ctx.principal?.kind === 'user' ? ctx.principal.username : 'an operator';
      const row = await boot.hardwareDb.bindings.confirmAddress(input.mac, input.ip, by);
      if (!row)
        return {
          status: 'rejected',
          message: `${input.mac} has no address conflict involving ${input.ip}`,
        };
      boot.store.applyStates([row], Date.now());
      return { status: 'done' };
    }),
  /** Deletes the machine (and its Cluster API Machine): the host is wiped on its next boot, then unleased. */
  release: operatorProcedure
    .input(machineRefSchema)
    .mutation(async ({ ctx, input }): Promise<MachineActionOutcome> => {
      findMachine(ctx.runtime, input);
      const capiVersion = await clusterApiMachineVersion(ctx.runtime.kc);
      if (capiVersion) {
        const [group = '', version = ''] = capiVersion.split('/');
        await deleteObject(
          ctx.runtime.kc,
          { group, version, plural: 'machines', kind: 'Machine', namespaced: true },
          input.namespace,
          input.name,
        );
      }
      await deleteObject(ctx.runtime.kc, plunderMachineResource, input.namespace, input.name);
      return { status: 'done' };
    }),
});
