import { TRPCError } from '@trpc/server';
import type { Runtime } from '../../runtime';
import { serverRuntimeOf } from '../acting-runtime';
import type { BulkRunner } from './bulk-runner';

const runners = new WeakMap<Runtime, BulkRunner>();

/** Made the runtime's bulk job runner by server/startup/start-bulk-jobs.ts. */
export function setBulkRunner(runtime: Runtime, runner: BulkRunner): void {
  runners.set(runtime, runner);
}

export function bulkRunnerOf(runtime: Runtime): BulkRunner {
  const runner = runners.get(serverRuntimeOf(runtime));
  if (!runner) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'bulk jobs are not ready yet' });
  return runner;
}
