// What the console reads of Secrets now that the server caches them by metadata only: the audited
// Ironic credentials reveal (one GET of that Secret) and the forms' Secret pickers (names from the
// cache; type and key names of the chosen Secret only; never values).
import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInAsAdmin, type ConsoleClient } from '../../tools/testenv/console-client';
import { type ServerProcess, startConsoleServer } from '../../tools/testenv/server-process';
import { kubeRequestJson } from '../kube/kube-request';
import { collectionPath, secretResource } from '../kube/resource';
import { ironicResource } from '../types/crds';
import type { RevealedCredentials } from './ironic/reveal-credentials.handler';
import { eventually } from '../../tools/testenv/eventually';
import type { NamespaceOptions } from './ironic/namespace-options.handler';
import type { PlacementSecretOptions } from './placement/secret-options.handler';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `secret-readers-${randomBytes(3).toString('hex')}`;
const PASSWORD = `pw-${randomBytes(6).toString('hex')}`;
let server: ServerProcess;
let admin: ConsoleClient;

async function createSecret(name: string, type: string, stringData: Record<string, string>): Promise<void> {
  await kubeRequestJson(kc, collectionPath(secretResource, namespace), {
    method: 'POST',
    body: { metadata: { name }, type, stringData },
  });
}

beforeAll(async () => {
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  await createSecret('api-credentials', 'Opaque', { username: 'lab', password: PASSWORD });
  await createSecret('api-tls', 'kubernetes.io/tls', { 'tls.crt': 'crt', 'tls.key': 'key' });
  await createSecret('osp-secret', 'Opaque', { PlacementPassword: 'placement-password' });
  await kubeRequestJson(kc, collectionPath(ironicResource, namespace), {
    method: 'POST',
    body: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'Ironic',
      metadata: { name: 'lab', namespace },
      spec: { credentialsRef: { name: 'api-credentials' } },
    },
  });
});

afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
  await server.stop();
});

async function reveal(client: ConsoleClient) {
  return client.mutate<RevealedCredentials>('ironic.revealCredentials', { namespace, name: 'lab' });
}

describe('Secret values through the console', () => {
  it('reveals the Ironic API credentials to an admin, read from the API server', async () => {
    // The informer may not have the Ironic yet: the first answers can be NOT_FOUND.
    let result = await reveal(admin);
    for (let tries = 0; result.error?.code === 'NOT_FOUND' && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      result = await reveal(admin);
    }
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({ secretName: 'api-credentials', username: 'lab', password: PASSWORD });

    // A changed password is what the next reveal shows: nothing stale is held.
    const changed = `${PASSWORD}-2`;
    await kubeRequestJson(kc, `${collectionPath(secretResource, namespace)}/api-credentials`, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: { stringData: { password: changed } },
    });
    expect((await reveal(admin)).data?.password).toBe(changed);
  });

  it('refuses the reveal to a viewer', async () => {
    const username = `viewer-${randomBytes(3).toString('hex')}`;
    const created = await admin.mutate<{ password: string }>('access.createUser', {
      username,
      role: 'viewer',
    });
    if (!created.data) throw new Error(`creating a viewer failed: ${created.error?.message ?? ''}`);
    const viewer = await signIn(server.url, username, created.data.password);
    const result = await reveal(viewer);
    expect(result.error?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(result)).not.toContain(PASSWORD);
  });

  it('lists the pickers’ Secret names, with the chosen one’s type and keys, never a value', async () => {
    const names = ['api-credentials', 'api-tls', 'osp-secret'];
    const ironicOptions = await eventually(async () => {
      const answer = await admin.query<NamespaceOptions>('ironic.namespaceOptions', {
        namespace,
        secret: 'api-tls',
      });
      expect(answer.data?.secrets).toEqual({
        names,
        chosen: { name: 'api-tls', type: 'kubernetes.io/tls', keys: ['tls.crt', 'tls.key'] },
      });
      return answer;
    });

    const placement = await admin.query<PlacementSecretOptions>('placement.secretOptions', {
      namespace,
      selector: 'PlacementPassword',
      secret: 'osp-secret',
    });
    expect(placement.data).toEqual({
      names,
      chosen: { name: 'osp-secret', type: 'Opaque', hasSelectorKey: true },
    });
    const unchosen = await admin.query<PlacementSecretOptions>('placement.secretOptions', {
      namespace,
      selector: 'PlacementPassword',
    });
    expect(unchosen.data).toEqual({ names });
    const sent = JSON.stringify([ironicOptions, placement]);
    for (const value of [
      PASSWORD,
      'placement-password',
      Buffer.from('placement-password').toString('base64'),
    ])
      expect(sent).not.toContain(value);
  });
});
