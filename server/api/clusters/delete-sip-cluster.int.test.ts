import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519SshKey } from '../../lib/ssh-key-pair';
import { deleteSipClusterProbe } from '../../../tools/probe/finding-08-delete-body';
import { TEST_ADMIN_PASSWORD, startConsoleServer } from '../../../tools/testenv/server-process';
import { defaultSipClusterForm, type SipClusterForm } from '../../schemas/sip-cluster-form';
import { createSipCluster, deleteSipCluster } from './create-sip-cluster';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `del-${randomBytes(3).toString('hex')}`;

function form(name: string): SipClusterForm {
  const defaults = defaultSipClusterForm();
  return {
    ...defaults,
    namespace,
    name,
    roles: {
      ControlPlane: { ...defaults.roles.ControlPlane, topologyKey: 'kubernetes.io/hostname' },
      Worker: { ...defaults.roles.Worker, topologyKey: 'kubernetes.io/hostname' },
    },
    services: {
      ...defaults.services,
      jumpHost: {
        ...defaults.services.jumpHost,
        authorizedKeys: generateEd25519SshKey('delete-test').publicKey,
        privateKeySecret: 'ssh-keys',
      },
    },
  };
}

beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
});

afterAll(async () => {
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

describe('deleting with propagationPolicy in the body', () => {
  it('leaves the keep-alive connection usable: 50 create/delete rounds in a row, no failure', async () => {
    const failures: string[] = [];
    // Each create reuses the connection the delete before it left behind, as the console's next call would.
    for (let i = 0; i < 50; i++) {
      const name = `gone-${i}`;
      try {
        expect((await createSipCluster(kc, form(name), false)).status).toBe('created');
        expect((await deleteSipCluster(kc, namespace, name)).status).toBe('deleting');
      } catch (error) {
        failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('the probe holds against the console: clusters.delete answers every time', async () => {
    const server = await startConsoleServer();
    try {
      const outcome = await deleteSipClusterProbe.run(
        { url: server.url, credentials: { username: 'admin', password: TEST_ADMIN_PASSWORD } },
        AbortSignal.timeout(60_000),
      );
      expect(outcome, outcome.detail).toMatchObject({ held: true });
    } finally {
      await server.stop();
    }
  });
});
