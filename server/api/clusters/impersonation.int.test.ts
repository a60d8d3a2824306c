import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, signInAsNew, type ConsoleClient } from '../../../tools/testenv/console-client';
import { eventually } from '../../../tools/testenv/eventually';
import { AVAILABLE_STATUS, createHost } from '../../../tools/testenv/namespace-with-hosts';
import { startConsoleServer, type ServerProcess } from '../../../tools/testenv/server-process';
import { kubeRequestJson } from '../../kube/kube-request';
import { generateEd25519SshKey } from '../../lib/ssh-key-pair';
import { defaultSipClusterForm } from '../../schemas/sip-cluster-form';
import { sipClusterResource } from '../../types/crds/sip-cluster';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { AuditRow } from '../access/audit-query';
import type { BulkJobView, BulkResultRow } from '../bulk/bulk-store';
import { createSipCluster } from './create-sip-cluster';

const kc = new KubeConfig();
kc.loadFromDefault();
const suffix = randomBytes(3).toString('hex');
const namespace = `imp-${suffix}`;
/** Operators in general: may change SIPClusters here, not delete them. */
const operator = `imp-op-${suffix}`;
/** One user the namespace's owners also let delete them. */
const deleter = `imp-del-${suffix}`;
const rbac = `/apis/rbac.authorization.k8s.io/v1/namespaces/${namespace}`;
const hosts = ['h1', 'h2'];

function auditLogPath(): string {
  const path = process.env.RACKPILOT_TEST_AUDIT_LOG;
  if (!path) throw new Error('RACKPILOT_TEST_AUDIT_LOG is unset: the test environment has no audit log');
  return path;
}

interface AuditEvent {
  verb: string;
  user: { username: string };
  impersonatedUser?: { username: string; groups?: string[]; uid?: string };
  objectRef?: { resource?: string; namespace?: string; name?: string };
  responseStatus?: { code?: number };
}

/** The API server's audit events for the delete of SIPCluster `name` in the test's namespace. */
async function deletesOf(name: string): Promise<AuditEvent[]> {
  const lines = (await readFile(auditLogPath(), 'utf8')).split('\n').filter(Boolean);
  return lines
    .map((line) => JSON.parse(line) as AuditEvent)
    .filter(
      (event) =>
        event.verb === 'delete' &&
        event.objectRef?.resource === 'sipclusters' &&
        event.objectRef.namespace === namespace &&
        event.objectRef.name === name,
    );
}

async function createCluster(name: string): Promise<void> {
  const defaults = defaultSipClusterForm();
  const keys = generateEd25519SshKey('impersonation-test');
  await createSipCluster(
    kc,
    {
      ...defaults,
      namespace,
      name,
      services: {
        ...defaults.services,
        jumpHost: { ...defaults.services.jumpHost, authorizedKeys: keys.publicKey, privateKeySecret: 'ssh' },
      },
    },
    false,
  );
}

let server: ServerProcess;
let admin: ConsoleClient;

beforeAll(async () => {
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  const verbs = ['get', 'list', 'watch', 'create', 'update', 'patch'];
  for (const [role, roleVerbs] of [
    ['sip-no-delete', verbs],
    ['sip-delete', [...verbs, 'delete']],
  ] as const) {
    await kubeRequestJson(kc, `${rbac}/roles`, {
      method: 'POST',
      body: {
        metadata: { name: role },
        rules: [
          { apiGroups: [sipClusterResource.group], resources: ['sipclusters'], verbs: roleVerbs },
          // Hosts: readable, never changed.
          { apiGroups: ['metal3.io'], resources: ['baremetalhosts'], verbs: ['get', 'list', 'watch'] },
        ],
      },
    });
  }
  await kubeRequestJson(kc, `${rbac}/rolebindings`, {
    method: 'POST',
    body: {
      metadata: { name: 'operators-no-delete' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'sip-no-delete' },
      subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'rackpilot:operator' }],
    },
  });
  await kubeRequestJson(kc, `${rbac}/rolebindings`, {
    method: 'POST',
    body: {
      metadata: { name: 'one-deleter' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'sip-delete' },
      subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: `rackpilot:${deleter}` }],
    },
  });
  for (const name of hosts)
    await createHost(kc, namespace, { name, spec: { online: true } }, AVAILABLE_STATUS);
  await createCluster('kept');
  await createCluster('removed');
  server = await startConsoleServer({ RACKPILOT_IMPERSONATE: '1' });
  admin = await signInAsAdmin(server.url);
}, 120_000);

afterAll(async () => {
  await server.stop();
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' }).catch(() => undefined);
});

describe('with RACKPILOT_IMPERSONATE=1, the cluster RBAC decides a console delete', () => {
  it('refuses the delete a RoleBinding does not allow, in the API server words, and both audits name the user', async () => {
    const console = await signInAsNew(admin, operator, 'operator');
    const answer = await console.mutate('clusters.delete', { namespace, name: 'kept' });

    expect(answer.status).toBe(403);
    expect(answer.error?.code).toBe('FORBIDDEN');
    expect(answer.error?.message).toContain(
      `User "rackpilot:${operator}" cannot delete resource "sipclusters" in API group "${sipClusterResource.group}" in the namespace "${namespace}"`,
    );
    // Still there: the API server refused, nothing was deleted.
    await kubeRequestJson(
      kc,
      `/apis/${sipClusterResource.group}/v1/namespaces/${namespace}/sipclusters/kept`,
    );

    const refused = await eventually(async () => {
      const events = await deletesOf('kept');
      expect(events).toHaveLength(1);
      return events[0];
    });
    expect(refused?.impersonatedUser?.username).toBe(`rackpilot:${operator}`);
    expect(refused?.impersonatedUser?.groups).toEqual(
      expect.arrayContaining(['rackpilot:operator', 'rackpilot:viewer']),
    );
    expect(refused?.responseStatus?.code).toBe(403);

    const rows = await admin.query<{ rows: AuditRow[] }>('access.audit', { actor: operator });
    expect(rows.data?.rows.find((row) => row.action === 'clusters.delete')).toMatchObject({
      result: 'refused',
      error: expect.stringContaining('cannot delete resource "sipclusters"') as unknown,
    });
  });

  it('deletes for the user a RoleBinding allows, and the API server audit names them', async () => {
    const console = await signInAsNew(admin, deleter, 'operator');
    const answer = await console.mutate('clusters.delete', { namespace, name: 'removed' });

    expect(answer.error).toBeUndefined();
    expect(answer.data).toEqual({ status: 'deleting' });
    const [deleted] = await eventually(async () => {
      const events = await deletesOf('removed');
      expect(events).toHaveLength(1);
      return events;
    });
    expect(deleted?.impersonatedUser?.username).toBe(`rackpilot:${deleter}`);
    expect([200, 202]).toContain(deleted?.responseStatus?.code);
  });

  it("acts as the user who started a bulk job in each turn: the RBAC refusal is each host's outcome and audit row", async () => {
    const console = await signInAsNew(admin, `imp-bulk-${suffix}`, 'operator');
    const filter = { search: namespace };
    await eventually(async () => {
      const page = await console.query<{ total: number }>('hosts.page', filter);
      expect(page.data?.total).toBe(hosts.length);
    });
    const started = await console.mutate<{ id: string }>('bulk.start', {
      action: 'power-off',
      filter,
      confirmedCount: hosts.length,
    });
    const id = started.data?.id;
    expect(id, started.error?.message).toBeDefined();

    const ended = await eventually(async () => {
      const page = await console.query<{ job: BulkJobView; results: { rows: BulkResultRow[] } }>('bulk.get', {
        id,
        pageSize: 50,
      });
      expect(page.data?.job.state).toBe('finished');
      return page.data;
    }, 60_000);
    expect(ended?.job.tally).toMatchObject({ failed: hosts.length, done: 0 });
    for (const row of ended?.results.rows ?? []) {
      expect(row.reason).toContain(
        `User "rackpilot:imp-bulk-${suffix}" cannot patch resource "baremetalhosts" in API group "metal3.io"`,
      );
    }
    for (const name of hosts) {
      const host = await kubeRequestJson<BareMetalHost>(
        kc,
        `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts/${name}`,
      );
      expect(host.spec.online).toBe(true);
    }
    const rows = await admin.query<{ rows: AuditRow[] }>('access.audit', { actor: `imp-bulk-${suffix}` });
    const turns = (rows.data?.rows ?? []).filter((row) => row.action === 'host.powerOff');
    expect(turns.map((row) => [row.target, row.result]).sort()).toEqual(
      hosts.map((name) => [`${namespace}/${name}`, 'refused']),
    );
  });
});
