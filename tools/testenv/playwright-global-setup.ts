import { randomBytes } from 'node:crypto';
import { ensureNextBuild } from '../build/ensure-next-build';
import { startHardwareLab } from '../lab/start-hardware-lab';
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
    // A few lab machines PXE-booting against the test server, for e2e/hardware.spec.ts.
    const hardware = await startHardwareLab({
      bootUrl: `${server.url}/boot.ipxe`,
      hosts: 4,
      seed: `e2e-${randomBytes(3).toString('hex')}`,
      timing: { postMs: 500, installMs: 3_000, retryMs: 2_000 },
      log,
    });
    process.env.RACKPILOT_E2E_LAB = JSON.stringify({
      macs: hardware.lab.hosts.map((host) => host.identity.mac),
      systems: hardware.lab.hosts.map((host) => hardware.bmc.systemUrl(host)),
      credentials: `${hardware.bmc.username}:${hardware.bmc.password}`,
    });
    return async () => {
      await hardware.stop();
      await server.stop();
      await environment.stop();
    };
  } catch (error) {
    await environment.stop();
    throw error;
  }
}
