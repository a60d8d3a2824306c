// The caches drop managedFields and kubectl's last-applied copy on the way in (server/kube/lean-object.ts):
// a host written as `kubectl apply` writes it still shows on the hosts list, its YAML and its page.
import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { labHosts } from '../../../tools/lab/lab-hosts';
import { signInAsAdmin, type ConsoleClient } from '../../../tools/testenv/console-client';
import { startConsoleServer, type ServerProcess } from '../../../tools/testenv/server-process';
import { objectPath } from '../../kube/apply';
import { kubeRequestJson } from '../../kube/kube-request';
import { LAST_APPLIED_ANNOTATION } from '../../kube/lean-object';
import { collectionPath } from '../../kube/resource';
import { bareMetalHostResource, type BareMetalHost } from '../../types/crds/bare-metal-host';
import type { HostPage } from './host-query';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `lean-cache-${randomBytes(3).toString('hex')}`;
const [lab] = labHosts({ namespace });
if (!lab) throw new Error('the lab has no hosts');
let server: ServerProcess;
let admin: ConsoleClient;

beforeAll(async () => {
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  // As `kubectl apply` stores it: the whole object once more in an annotation, and managedFields.
  const host = structuredClone(lab.bareMetalHost);
  host.metadata.annotations = {
    [LAST_APPLIED_ANNOTATION]: JSON.stringify(lab.bareMetalHost),
    'example.com/note': 'kept',
  };
  await kubeRequestJson(kc, collectionPath(bareMetalHostResource, namespace), {
    method: 'POST',
    body: host,
    query: { fieldManager: 'kubectl-client-side-apply' },
  });
  await kubeRequestJson(kc, `${objectPath(bareMetalHostResource, namespace, lab.name)}/status`, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: { status: lab.status },
  });
});

afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
  await server.stop();
});

describe('lean caches', () => {
  it('keep neither managedFields nor the last-applied copy, and the host pages still show the host', async () => {
    const stored = await kubeRequestJson<BareMetalHost>(
      kc,
      objectPath(bareMetalHostResource, namespace, lab.name),
    );
    expect(stored.metadata.managedFields?.length).toBeGreaterThan(0);
    expect(stored.metadata.annotations?.[LAST_APPLIED_ANNOTATION]).toBeDefined();

    const row = await vi.waitFor(
      async () => {
        const { data } = await admin.query<HostPage>('hosts.page', { search: lab.name });
        const row = data?.rows.find((r) => r.namespace === namespace && r.name === lab.name);
        if (!row?.status.state) throw new Error('host not listed with its status yet');
        return row;
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(row).toMatchObject({ rack: `rack-${lab.rack}`, flavor: lab.flavor });
    expect(row.status.state).toBe(lab.status.provisioning?.state);

    const yaml = await admin.query<{ yaml: string }>('hosts.yaml', { namespace, name: lab.name });
    expect(yaml.data?.yaml).toContain('example.com/note: kept');
    expect(yaml.data?.yaml).not.toContain('managedFields');
    expect(yaml.data?.yaml).not.toContain(LAST_APPLIED_ANNOTATION);

    const hostPage = await fetch(`${server.url}/hosts/${namespace}/${lab.name}`, {
      headers: { cookie: admin.cookie },
    });
    expect(hostPage.status).toBe(200);
  });
});
