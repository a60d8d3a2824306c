import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KubeConfig } from '@kubernetes/client-node';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { migrateDatabase } from '../../server/db/migrate';
import { installCrds, readCrdFiles } from '../../server/kube/install-crds';
import { deleteLocalCluster, localClusterPaths } from '../controlplane/local-cluster';
import { bringUpLocalCluster, localClusterOptions } from '../controlplane/local-environment';

export interface TestEnvironment {
  kubeconfig: string;
  databaseUrl: string;
  /** The API server's audit log (deletes only: tools/controlplane/local-cluster.ts). */
  auditLog: string;
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Variables through which a parent (the `npm test` runner) hands its environment to a test tool. */
const ENV_KUBECONFIG = 'RACKPILOT_TEST_KUBECONFIG';
const ENV_DATABASE_URL = 'RACKPILOT_TEST_DATABASE_URL';
const ENV_AUDIT_LOG = 'RACKPILOT_TEST_AUDIT_LOG';

/** The variables that hand an environment to a child process (see acquireTestEnvironment). */
export function environmentVariables(environment: TestEnvironment): Record<string, string> {
  return {
    [ENV_KUBECONFIG]: environment.kubeconfig,
    [ENV_DATABASE_URL]: environment.databaseUrl,
    [ENV_AUDIT_LOG]: environment.auditLog,
  };
}

/**
 * A throw-away control plane (own kwokctl cluster, CRDs installed) and PostgreSQL in a temp folder.
 * Everything it starts is stopped and removed by stop(), also when starting fails half-way.
 */
export async function startTestEnvironment(log: (line: string) => void): Promise<TestEnvironment> {
  const stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-test-'));
  // The embedded PostgreSQL server drops root and must be able to reach its data dir.
  await chmod(stateDir, 0o755);
  const cleanups: (() => Promise<void>)[] = [() => rm(stateDir, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        log(`test environment clean-up failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  try {
    const options = await localClusterOptions(stateDir, log, `rp-test-${randomBytes(3).toString('hex')}`);
    cleanups.push(() => deleteLocalCluster(options));
    const kubeconfig = await bringUpLocalCluster(options, log);
    const kc = new KubeConfig();
    kc.loadFromFile(kubeconfig);
    await installCrds(kc, await readCrdFiles(join(root, 'crds')));

    const database = await startEmbeddedPostgres({ dataDir: join(stateDir, 'postgres') });
    cleanups.push(() => database.stop());
    await migrateDatabase(database.url);
    return { kubeconfig, databaseUrl: database.url, auditLog: localClusterPaths(options).auditLog, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Reuses the environment a parent process handed over, or starts one of its own. */
export async function acquireTestEnvironment(log: (line: string) => void): Promise<TestEnvironment> {
  const kubeconfig = process.env[ENV_KUBECONFIG];
  const databaseUrl = process.env[ENV_DATABASE_URL];
  const auditLog = process.env[ENV_AUDIT_LOG];
  if (kubeconfig && databaseUrl && auditLog)
    return { kubeconfig, databaseUrl, auditLog, stop: () => Promise.resolve() };
  return startTestEnvironment(log);
}
