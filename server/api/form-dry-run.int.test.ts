// The forms' "Check (dry run)" against the real server: the same checks as create, the API server's
// server-side dry run of every object, and nothing stored.
import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, type ConsoleClient } from '../../tools/testenv/console-client';
import { type ServerProcess, startConsoleServer } from '../../tools/testenv/server-process';
import { kubeRequestJson } from '../kube/kube-request';
import { collectionPath, secretResource, type ResourceDescriptor } from '../kube/resource';
import { defaultIronicForm } from '../schemas/ironic-form';
import { validSipClusterForm } from '../schemas/sip-cluster-form-test-fixtures';
import { ironicDatabaseResource, ironicResource, sipClusterResource } from '../types/crds';
import type { CreateResult } from './api-rejection';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `form-dry-run-${randomBytes(3).toString('hex')}`;
let server: ServerProcess;
let admin: ConsoleClient;

async function count(resource: ResourceDescriptor): Promise<number> {
  return (await kubeRequestJson<{ items: unknown[] }>(kc, collectionPath(resource, namespace))).items.length;
}

beforeAll(async () => {
  // No controllers: only the API procedures are under test.
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}/secrets`, {
    method: 'POST',
    body: { metadata: { name: 'ssh-private-keys' }, type: 'Opaque', stringData: { id_ed25519: 'x' } },
  });
});

afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
  await server.stop();
});

describe('SIPCluster dry run', () => {
  it('is accepted by the API server and stores nothing', async () => {
    const result = await admin.mutate<CreateResult>('clusters.dryRun', {
      ...validSipClusterForm(),
      namespace,
    });
    expect(result.data).toEqual({
      status: 'accepted',
      message: expect.stringContaining('nothing was created') as string,
    });
    expect(await count(sipClusterResource)).toBe(0);
  });

  it('says what create would refuse, at the field', async () => {
    const form = validSipClusterForm();
    form.namespace = namespace;
    form.services.jumpHost.privateKeySecret = 'missing';
    const result = await admin.mutate<CreateResult>('clusters.dryRun', form);
    expect(result.data).toMatchObject({
      status: 'rejected',
      fieldErrors: {
        'services.jumpHost.privateKeySecret': `No Secret named missing in namespace ${namespace}`,
      },
    });
  });
});

describe('Ironic dry run', () => {
  const form = (ns: string) => ({
    ...defaultIronicForm(),
    namespace: ns,
    name: 'lab',
    tls: { mode: 'generate', secretName: '', dnsName: 'ironic.lab.example' },
    database: { mode: 'new', name: 'lab-db' },
  });

  it('checks the TLS Secret, the IronicDatabase and the Ironic and stores none of them', async () => {
    const result = await admin.mutate<CreateResult>('ironic.dryRun', form(namespace));
    expect(result.data?.status).toBe('accepted');
    expect(await count(ironicResource)).toBe(0);
    expect(await count(ironicDatabaseResource)).toBe(0);
    expect(await count(secretResource)).toBe(1);
  });

  it("puts the API server's refusal at the field it concerns", async () => {
    const missing = `${namespace}-gone`;
    const result = await admin.mutate<CreateResult>('ironic.dryRun', form(missing));
    expect(result.data).toMatchObject({
      status: 'rejected',
      fieldErrors: { namespace: `Namespace ${missing} does not exist` },
    });
  });
});
