import { ensureNextBuild } from '../build/ensure-next-build';
import { writeAdminStorageState } from './e2e-storage-state';
import { startServerProcess } from './server-process';
import { acquireTestEnvironment } from './test-environment';

/** Starts (or reuses) the test cluster and database, builds the console, and runs the real server. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const log = (line: string) => {
    console.log(`[e2e] ${line}`);
  };
  await ensureNextBuild(process.cwd(), log);
  const environment = await acquireTestEnvironment(log);
  try {
    const server = await startServerProcess(environment);
    process.env.RACKPILOT_E2E_BASE_URL = server.url;
    process.env.KUBECONFIG = environment.kubeconfig;
    process.env.RACKPILOT_E2E_DATABASE_URL = environment.databaseUrl;
    process.env.RACKPILOT_E2E_STORAGE_STATE = await writeAdminStorageState(server.url);
    return async () => {
      await server.stop();
      await environment.stop();
    };
  } catch (error) {
    await environment.stop();
    throw error;
  }
}
