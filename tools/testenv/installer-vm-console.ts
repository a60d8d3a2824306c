/**
 * The console a QEMU installer test boots against: a server process of its own (its own database, so
 * its plunder controllers claim no other test's MACs; the boot URL on QEMU's user network), a signed-in
 * admin, and machines provisioned through the console's own tRPC call, as an operator would.
 */
import { KubeConfig } from '@kubernetes/client-node';
import { expect } from 'vitest';
import { controllerNames } from '../../server/controllers/build-controllers';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath } from '../../server/kube/resource';
import type { HardwarePage, HardwareRow } from '../../server/schemas/hardware-list';
import { plunderMachineResource, type PlunderMachine } from '../../server/types/crds';
import { BootClient } from './boot-client';
import { signInAsAdmin, type ConsoleClient } from './console-client';
import { eventually } from './eventually';
import { freePort } from './free-port';
import { createMigratedDatabase } from './own-database';
import { startServerProcess, type ServerProcess } from './server-process';

/** QEMU user networking: the guest is 10.0.2.15 and reaches this host's loopback as 10.0.2.2. */
export const QEMU_HOST = '10.0.2.2';

export interface InstallerVmConsole {
  kc: KubeConfig;
  server: ServerProcess;
  admin: ConsoleClient;
  /** Boot requests from loopback, where QEMU's user network sends the VM's requests from. */
  client: BootClient;
  /** The boot service as the VM reaches it. */
  bootUrl: string;
  namespace: string;
  hardwareRow(mac: string): Promise<HardwareRow | undefined>;
  /**
   * Makes the MAC known (one boot request from loopback, as the VM's iPXE would) and provisions it
   * through tRPC with `profile` (the form's default otherwise) into a cluster of its own on QEMU's
   * network; `installRetries` is then merged into its PlunderMachine.
   */
  provision(
    mac: string,
    name: string,
    options?: { profile?: string; installRetries?: number },
  ): Promise<void>;
  /** The install or wipe script the boot service serves the MAC, once it serves that kind. */
  script(mac: string, kind: 'install' | 'wipe'): Promise<string>;
  /** Stops the server, drops its database and the namespace; what `cleanups` got is undone first. */
  close(): Promise<void>;
}

/**
 * Starts the console with its boot asset store in `assetsDir` (and `env` beside the test's own settings);
 * `close` undoes all of it.
 */
export async function startInstallerVmConsole(
  name: string,
  assetsDir: string,
  env: Record<string, string> = {},
): Promise<InstallerVmConsole> {
  const kc = new KubeConfig();
  kc.loadFromDefault();
  const namespace = `${name}-${Math.random().toString(16).slice(2, 8)}`;
  const undo: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const step of undo.reverse()) await step().catch(() => undefined);
  };
  try {
    const database = await createMigratedDatabase(process.env.DATABASE_URL ?? '', name.replace(/-/g, '_'));
    undo.push(() => database.drop());
    const port = await freePort();
    const bootUrl = `http://${QEMU_HOST}:${port}`;
    const server = await startServerProcess(
      { kubeconfig: process.env.KUBECONFIG ?? '', databaseUrl: database.url },
      {
        port,
        extraEnv: {
          RACKPILOT_DISABLED_CONTROLLERS: controllerNames
            .filter((controller) => controller !== 'plunder-cluster' && controller !== 'plunder-machine')
            .join(','),
          RACKPILOT_BOOT_URL: bootUrl,
          RACKPILOT_BOOT_RATE: '1000:1000',
          RACKPILOT_BOOT_ASSETS: assetsDir,
          ...env,
        },
      },
    );
    undo.push(() => server.stop());
    const admin = await signInAsAdmin(server.url);
    const client = new BootClient(server.url);
    await kubeRequestJson(kc, '/api/v1/namespaces', {
      method: 'POST',
      body: { metadata: { name: namespace } },
    });
    undo.push(() => kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' }));
    const hardwareRow = async (mac: string) => {
      const page = await admin.query<HardwarePage>('hardware.page', { search: mac });
      return page.data?.rows.find((row) => row.mac === mac);
    };
    const provision: InstallerVmConsole['provision'] = async (mac, host, options = {}) => {
      expect((await client.boot(mac)).kind).toBe('loop');
      await eventually(async () => expect((await hardwareRow(mac))?.state).toBe('unleased'), 15_000);
      const provisioned = await admin.mutate<{ status: string }>('hardware.provision', {
        macs: [mac],
        namespace,
        cluster: { mode: 'new', cluster: { name: `lab-${host}`, subnet: '10.0.2.0/24', gateway: QEMU_HOST } },
        role: 'worker',
        hostname: host,
        ip: '10.0.2.15',
        ...(options.profile === undefined ? {} : { profile: options.profile }),
      });
      expect(provisioned.error).toBeUndefined();
      expect(provisioned.data?.status).toBe('created');
      if (options.installRetries === undefined) return;
      // The provision form has no retry count: a failure case wants Failed on the first failure.
      const spec: Partial<PlunderMachine['spec']> = { installRetries: options.installRetries };
      await kubeRequestJson(kc, `${collectionPath(plunderMachineResource, namespace)}/${host}`, {
        method: 'PATCH',
        contentType: 'application/merge-patch+json',
        body: { spec },
      });
    };
    const script: InstallerVmConsole['script'] = (mac, kind) =>
      eventually(
        async () => {
          const reply = await client.boot(mac);
          expect(reply.kind).toBe(kind);
          return reply.body;
        },
        60_000,
        500,
      );
    return { kc, server, admin, client, bootUrl, namespace, hardwareRow, provision, script, close };
  } catch (error) {
    await close();
    throw error;
  }
}
