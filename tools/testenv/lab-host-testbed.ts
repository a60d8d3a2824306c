import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll } from 'vitest';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { startLabHostOperator, type LabHostOperator } from '../lab/lab-host-operator';
import { signInAsAdmin, signInAsNew, type ConsoleClient } from './console-client';
import { startConsoleServer, type ServerProcess } from './server-process';

/** The hosts a testbed registers: name and BMC address. */
export type TestbedHosts = readonly (readonly [name: string, bmcAddress: string])[];

export interface LabHostTestbed {
  kc: KubeConfig;
  namespace: string;
  /** The namespace's metal3.io/v1alpha1 path. */
  metal3: string;
  admin: ConsoleClient;
  viewer: ConsoleClient;
}

/**
 * One integration file's hosts: a fresh namespace with `hosts` registered as BareMetalHosts, a console
 * server with an admin and a viewer signed in, and the lab's simulated host operator (the simulator,
 * standing in for BMO) driving them; all of it removed after the file.
 */
export function labHostTestbed(prefix: string, hosts: TestbedHosts): LabHostTestbed {
  const kc = new KubeConfig();
  kc.loadFromDefault();
  const namespace = `${prefix}-${randomBytes(3).toString('hex')}`;
  const metal3 = `/apis/metal3.io/v1alpha1/namespaces/${namespace}`;
  let server: ServerProcess | undefined;
  let operator: LabHostOperator | undefined;
  const clients: { admin?: ConsoleClient; viewer?: ConsoleClient } = {};

  beforeAll(async () => {
    await kubeRequestJson(kc, '/api/v1/namespaces', {
      method: 'POST',
      body: { metadata: { name: namespace } },
    });
    server = await startConsoleServer();
    const admin = await signInAsAdmin(server.url);
    clients.admin = admin;
    clients.viewer = await signInAsNew(admin, `viewer-${randomBytes(3).toString('hex')}`, 'viewer');
    for (const [name, address] of hosts) {
      await kubeRequestJson(kc, `${metal3}/baremetalhosts`, {
        method: 'POST',
        body: {
          apiVersion: 'metal3.io/v1alpha1',
          kind: 'BareMetalHost',
          metadata: { name },
          spec: { online: true, bmc: { address, credentialsName: `${name}-bmc` } },
        },
      });
    }
    operator = startLabHostOperator(kc, { namespace, stepMs: 100, pollMs: 100 });
  }, 120_000);

  afterAll(async () => {
    await operator?.stop();
    await server?.stop();
    await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
  });

  const signedIn = (role: 'admin' | 'viewer'): ConsoleClient => {
    const client = clients[role];
    if (!client) throw new Error(`the testbed's ${role} is not signed in yet (used before beforeAll ran)`);
    return client;
  };
  return {
    kc,
    namespace,
    metal3,
    get admin() {
      return signedIn('admin');
    },
    get viewer() {
      return signedIn('viewer');
    },
  };
}
