import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { poolKey, type LeaseHolder } from '../../inventory/ip-leases';
import {
  addressPool,
  addressProblem,
  canonicalIp,
  freeAddresses,
  isPool,
  type PoolSpec,
} from '../../inventory/ip-pool';
import type { ipCheckInputSchema, IpCheckResult } from '../../schemas/provision-form';
import type { HandlerOptions } from '../trpc';
import { clustersOf } from './hardware-cache';

/** Whether an address fits a cluster (existing, or typed into the inline form), and the next free ones. */
export async function checkIpHandler({
  ctx,
  input,
}: HandlerOptions<z.output<typeof ipCheckInputSchema>>): Promise<IpCheckResult> {
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
}
