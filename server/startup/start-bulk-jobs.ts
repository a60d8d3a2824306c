import { setBulkRunner } from '../api/bulk/bulk-jobs';
import { BulkRunner } from '../api/bulk/bulk-runner';
import { log } from '../cli';
import { replicaIdentity } from '../controllers/build-controllers';
import type { Runtime } from '../runtime';
import type { Shutdown } from '../shutdown';

/**
 * The bulk job runner: jobs a stopped server left running are ended as interrupted first; at stop,
 * this server's own running jobs end so, with the hosts already done kept.
 */
export async function startBulkJobs(runtime: Runtime, shutdown: Shutdown): Promise<void> {
  const runner = new BulkRunner(runtime, replicaIdentity(), log);
  await runner.open();
  setBulkRunner(runtime, runner);
  shutdown.add('bulk jobs', () => runner.close());
}
