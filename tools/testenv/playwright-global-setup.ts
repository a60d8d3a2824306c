import { randomBytes } from 'node:crypto';
import { ensureNextBuild } from '../build/ensure-next-build';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { startHardwareLab } from '../lab/start-hardware-lab';
import { startLabHostOperator } from '../lab/lab-host-operator';
import { writeAdminStorageState } from './e2e-storage-state';
import { startServerProcess } from './server-process';
import { acquireTestEnvironment } from './test-environment';
import { freePort } from './free-port';
import { OIDC_TEST_CLIENTS, OIDC_TEST_GROUP_ROLES, OIDC_TEST_NAME, startOidcProvider } from './oidc-provider';

/** Starts (or reuses) the test cluster and database, builds the console, and runs the real server. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const log = (line: string) => {
    console.log(`[e2e] ${line}`);
  };
  await ensureNextBuild(process.cwd(), log);
  const environment = await acquireTestEnvironment(log);
  // The server's port is chosen first: the provider must know the callback it may send browsers to.
  const port = await freePort();
  const provider = await startOidcProvider([`http://127.0.0.1:${port}/api/auth/oidc/callback`], log);
  // The tenant namespace the provider's team-a user operates in alone (e2e/namespace-scope.spec.ts).
  const teamNamespace = `${process.env.RACKPILOT_NAMESPACE ?? 'rp-e2e'}-team-a-${randomBytes(3).toString('hex')}`;
  try {
    const server = await startServerProcess(environment, {
      port,
      extraEnv: {
        RACKPILOT_OIDC_ISSUER: provider.issuer,
        RACKPILOT_OIDC_CLIENT_ID: OIDC_TEST_CLIENTS.rackpilot.id,
        RACKPILOT_OIDC_CLIENT_SECRET: OIDC_TEST_CLIENTS.rackpilot.secret,
        RACKPILOT_OIDC_GROUP_ROLES: `${OIDC_TEST_GROUP_ROLES},team-a=operator@${teamNamespace}`,
        RACKPILOT_OIDC_NAME: OIDC_TEST_NAME,
      },
    });
    process.env.RACKPILOT_E2E_BASE_URL = server.url;
    process.env.RACKPILOT_E2E_TEAM_NAMESPACE = teamNamespace;
    process.env.KUBECONFIG = environment.kubeconfig;
    process.env.RACKPILOT_E2E_DATABASE_URL = environment.databaseUrl;
    process.env.RACKPILOT_E2E_STORAGE_STATE = await writeAdminStorageState(server.url);
    // A few lab machines PXE-booting against the test server: the first two for e2e/hardware.spec.ts,
    // the third for e2e/provision-image.spec.ts, the fourth for e2e/host-register.spec.ts; the last
    // three are the BareMetalHosts e2e/host-actions.spec.ts powers through their BMCs.
    const hardware = await startHardwareLab({
      bootUrl: `${server.url}/boot.ipxe`,
      hosts: 7,
      seed: `e2e-${randomBytes(3).toString('hex')}`,
      timing: { postMs: 500, installMs: 3_000, retryMs: 2_000 },
      log,
    });
    // The lab's simulated host operator, for BareMetalHosts in a namespace of this run only: other
    // runs on a shared cluster keep theirs.
    const kc = new KubeConfig();
    kc.loadFromFile(environment.kubeconfig);
    const hostNamespace = `${process.env.RACKPILOT_NAMESPACE ?? 'rp-e2e'}-lab-${randomBytes(3).toString('hex')}`;
    await kubeRequestJson(kc, '/api/v1/namespaces', {
      method: 'POST',
      body: { metadata: { name: hostNamespace } },
    });
    const operator = startLabHostOperator(kc, {
      namespace: hostNamespace,
      stepMs: 3_000,
      redfishOrigins: [new URL(hardware.bmc.url).origin],
      log,
    });
    process.env.RACKPILOT_E2E_LAB = JSON.stringify({
      macs: hardware.lab.hosts.map((host) => host.identity.mac),
      systems: hardware.lab.hosts.map((host) => hardware.bmc.systemUrl(host)),
      credentials: `${hardware.bmc.username}:${hardware.bmc.password}`,
      hostNamespace,
    });
    return async () => {
      await operator.stop();
      await kubeRequestJson(kc, `/api/v1/namespaces/${hostNamespace}`, { method: 'DELETE' }).catch(
        () => undefined,
      );
      await hardware.stop();
      await server.stop();
      await provider.stop();
      await environment.stop();
    };
  } catch (error) {
    await provider.stop();
    await environment.stop();
    throw error;
  }
}
