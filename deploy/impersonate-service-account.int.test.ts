// The console server with RACKPILOT_IMPERSONATE=1 as a ServiceAccount holding only what
// deploy/components/impersonate leaves it: the base ClusterRole without the console's writes, the own
// namespace's Role, and the impersonate ClusterRole. Its own requests are never refused, its writes
// are made as the signed-in user, and by itself it can no longer make them.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KubeConfig, type V1ClusterRole, type V1Role } from '@kubernetes/client-node';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPERSONATE_BASE_ROLE_FILE, IMPERSONATE_ROLE_FILE, ROLE_FILE } from '../scripts/rbac/role-files';
import { controllerNames } from '../server/controllers/build-controllers';
import { ensureNamespace } from '../server/kube/ensure-namespace';
import { KubeRequestError, kubeRequestJson } from '../server/kube/kube-request';
import { defaultHostRegisterForm } from '../server/schemas/host-register-form';
import { validSipClusterForm } from '../server/schemas/sip-cluster-form-test-fixtures';
import type { HostPage } from '../server/api/hosts/host-query';
import { signInAsAdmin, type ConsoleClient } from '../tools/testenv/console-client';
import { eventually } from '../tools/testenv/eventually';
import { readKubeCalls, recordKubeCallsEnv } from '../tools/testenv/kube-call-log';
import { removeNamespace } from '../tools/testenv/remove-namespace';
import { serviceAccountKubeconfig } from '../tools/testenv/restricted-kubeconfig';
import { startServerProcess, type ServerProcess } from '../tools/testenv/server-process';

const root = fileURLToPath(new URL('..', import.meta.url));
const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const name = `imp-sa-${id}`;
/** The server's own namespace (its Lease). */
const system = `imp-sys-${id}`;
/** Where the console user works. */
const namespace = `imp-work-${id}`;
const rbac = '/apis/rbac.authorization.k8s.io/v1';
const serviceAccount = new KubeConfig();
let workdir: string;
let callsFile: string;
let server: ServerProcess | undefined;
let admin: ConsoleClient;

async function rulesOf(file: string): Promise<(V1ClusterRole | V1Role)['rules']> {
  return (parse(await readFile(join(root, file), 'utf8')) as V1ClusterRole).rules;
}

const subject = { kind: 'ServiceAccount', name, namespace: system };
const roleRef = (kind: string, ref: string) => ({ apiGroup: 'rbac.authorization.k8s.io', kind, name: ref });

beforeAll(async () => {
  workdir = await mkdtemp(join(tmpdir(), 'impersonate-sa-'));
  await ensureNamespace(kc, system);
  await ensureNamespace(kc, namespace);
  await kubeRequestJson(kc, `/api/v1/namespaces/${system}/serviceaccounts`, {
    method: 'POST',
    body: { metadata: { name } },
  });
  for (const [suffix, file] of [
    ['base', IMPERSONATE_BASE_ROLE_FILE],
    ['impersonate', IMPERSONATE_ROLE_FILE],
  ] as const) {
    await kubeRequestJson(kc, `${rbac}/clusterroles`, {
      method: 'POST',
      body: { metadata: { name: `${name}-${suffix}` }, rules: await rulesOf(file) },
    });
    await kubeRequestJson(kc, `${rbac}/clusterrolebindings`, {
      method: 'POST',
      body: {
        metadata: { name: `${name}-${suffix}` },
        roleRef: roleRef('ClusterRole', `${name}-${suffix}`),
        subjects: [subject],
      },
    });
  }
  await kubeRequestJson(kc, `${rbac}/namespaces/${system}/roles`, {
    method: 'POST',
    body: { metadata: { name }, rules: await rulesOf(ROLE_FILE) },
  });
  await kubeRequestJson(kc, `${rbac}/namespaces/${system}/rolebindings`, {
    method: 'POST',
    body: { metadata: { name }, roleRef: roleRef('Role', name), subjects: [subject] },
  });
  // The tenant cluster form names this key Secret.
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}/secrets`, {
    method: 'POST',
    body: {
      metadata: { name: 'ssh-private-keys' },
      data: { id_rsa: Buffer.from('not a key').toString('base64') },
    },
  });
  // The console's admin may do anything in the work namespace, as far as the cluster is concerned.
  await kubeRequestJson(kc, `${rbac}/namespaces/${namespace}/rolebindings`, {
    method: 'POST',
    body: {
      metadata: { name: 'console-admin' },
      roleRef: roleRef('ClusterRole', 'cluster-admin'),
      subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'rackpilot:admin' }],
    },
  });
  const file = join(workdir, 'kubeconfig');
  await serviceAccountKubeconfig(kc, system, name, file);
  serviceAccount.loadFromFile(file);
  callsFile = join(workdir, 'kube-calls.jsonl');
  server = await startServerProcess(
    { kubeconfig: file, databaseUrl: process.env.DATABASE_URL ?? '' },
    {
      extraEnv: {
        RACKPILOT_IMPERSONATE: '1',
        RACKPILOT_INSTALL_CRDS: '0',
        RACKPILOT_NAMESPACE: system,
        // The controllers' rules are the base role's, unchanged (scripts/rbac/shipped-rbac.test.ts).
        RACKPILOT_DISABLED_CONTROLLERS: controllerNames.join(','),
        ...recordKubeCallsEnv(kc, callsFile),
      },
    },
  );
  admin = await signInAsAdmin(server.url);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  for (const suffix of ['base', 'impersonate']) {
    for (const kind of ['clusterrolebindings', 'clusterroles']) {
      await kubeRequestJson(kc, `${rbac}/${kind}/${name}-${suffix}`, { method: 'DELETE' }).catch(
        () => undefined,
      );
    }
  }
  await removeNamespace(kc, namespace);
  await removeNamespace(kc, system);
  await rm(workdir, { recursive: true, force: true });
}, 60_000);

describe('with the impersonate component, the ServiceAccount without the console writes', () => {
  it('serves the console and makes its writes as the user; it is never refused itself', async () => {
    // Its own per run: a retried test finds the first run's host there.
    const attempt = randomBytes(2).toString('hex');
    const hostName = `h-${attempt}`;
    const host = await admin.mutate<{ status: string }>('hosts.register', {
      ...defaultHostRegisterForm(),
      namespace,
      name: hostName,
      bmcAddress: 'redfish://10.0.0.5/redfish/v1/Systems/1',
      username: 'admin',
      password: 'bmc-password',
      bootMACAddress: `3C-EC-EF-00-${attempt.slice(0, 2)}-${attempt.slice(2, 4)}`,
    });
    expect(host.error).toBeUndefined();
    expect(host.data?.status).toBe('created');
    await eventually(async () => {
      const page = await admin.query<HostPage>('hosts.page', { search: namespace });
      expect(
        page.data?.rows.map((row) => row.name),
        page.error?.message,
      ).toContain(hostName);
    });
    const cluster = await admin.mutate<{ status: string }>('clusters.create', {
      ...validSipClusterForm(),
      namespace,
    });
    expect(cluster.error).toBeUndefined();
    expect(cluster.data?.status).toBe('created');
    // The delete reads the cluster from the server's cache first.
    await eventually(async () => {
      const removed = await admin.mutate('clusters.delete', { namespace, name: validSipClusterForm().name });
      expect(removed.error).toBeUndefined();
    });

    // With the controllers off, the server writes nothing elsewhere: any refusal is of its own roles.
    const refused = (await readKubeCalls(callsFile)).filter(
      (call) => call.status === 401 || call.status === 403,
    );
    expect(refused.map((call) => `${call.method} ${call.path}`)).toEqual([]);
    expect((server?.output() ?? '').split('\n').filter((line) => /forbidden/i.test(line))).toEqual([]);
  });

  it('cannot create a host by itself', async () => {
    const created = await kubeRequestJson(
      serviceAccount,
      `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`,
      {
        method: 'POST',
        body: {
          apiVersion: 'metal3.io/v1alpha1',
          kind: 'BareMetalHost',
          metadata: { name: 'by-the-server' },
          spec: { online: false },
        },
      },
    ).catch((error: unknown) => error);
    expect(created).toBeInstanceOf(KubeRequestError);
    expect((created as KubeRequestError).status).toBe(403);
  });
});
