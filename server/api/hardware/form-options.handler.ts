import type { BootService } from '../../boot/boot-service';
import { poolKey } from '../../inventory/ip-leases';
import { addressPool, isPool, poolCapacity } from '../../inventory/ip-pool';
import {
  KUBERNETES_VERSIONS,
  MACHINE_ROLES,
  type ClusterOption,
  type ProvisionFormOptions,
} from '../../schemas/provision-form';
import type { PlunderCluster } from '../../types/crds';
import type { HandlerOptions } from '../trpc';
import { clusterApiMachineVersion } from './cluster-api';
import { clustersOf } from './hardware-cache';

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

/** Choices of the provision form: clusters with their pools, roles, versions (profiles: bootProfiles.list). */
export async function formOptionsHandler({ ctx }: HandlerOptions): Promise<ProvisionFormOptions> {
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
    roles: [...MACHINE_ROLES],
    kubernetesVersions: [...KUBERNETES_VERSIONS],
    clusterApi: (await clusterApiMachineVersion(ctx.runtime.kc)) !== undefined,
  };
}
