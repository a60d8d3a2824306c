import { pingDatabase } from './db/client';
import { fetchServerVersion } from './kube/cluster-info';
import { missingCrds } from './kube/install-crds';
import type { Runtime } from './runtime';

export interface CheckResult {
  ok: boolean;
  message: string;
}

export interface Readiness {
  ready: boolean;
  checks: Record<'database' | 'apiServer' | 'crds' | 'informers', CheckResult>;
}

async function check(probe: () => Promise<string>): Promise<CheckResult> {
  try {
    return { ok: true, message: await probe() };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Live readiness: every dependency is probed on each call, nothing is remembered from start-up. */
export async function checkReadiness(runtime: Runtime | undefined): Promise<Readiness> {
  if (!runtime) {
    const starting = { ok: false, message: 'server is starting' };
    return {
      ready: false,
      checks: { database: starting, apiServer: starting, crds: starting, informers: starting },
    };
  }
  const [database, apiServer, crds] = await Promise.all([
    check(async () => {
      await pingDatabase(runtime.db);
      return 'reachable';
    }),
    check(async () => `reachable, ${await fetchServerVersion(runtime.kc, 2_000)}`),
    check(async () => {
      const missing = await missingCrds(runtime.kc, runtime.crds);
      if (missing.length > 0) throw new Error(`not established: ${missing.join(', ')}`);
      return `${runtime.crds.length} established`;
    }),
  ]);
  const unsynced = runtime.informers.unsyncedKinds();
  const informers: CheckResult =
    unsynced.length === 0
      ? { ok: true, message: `${runtime.informers.all().length} synced` }
      : { ok: false, message: `not synced: ${unsynced.join(', ')}` };
  const checks = { database, apiServer, crds, informers };
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}
