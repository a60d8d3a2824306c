// With RACKPILOT_IMPERSONATE=1, a user's lists and live views hold only the namespaces where the API
// server lets their identity list the kind (SubjectAccessReviews, reviewed-scope.ts): a RoleBinding in
// namespace A shows A's hosts and clusters and not B's, and its removal takes A's away within the TTL.
import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleSocket, subscribe } from '../../tools/probe/console-socket';
import { signInAsAdmin, signInAsNew, type ConsoleClient } from '../../tools/testenv/console-client';
import { eventually } from '../../tools/testenv/eventually';
import { createNamespaceWithHosts } from '../../tools/testenv/namespace-with-hosts';
import { startConsoleServer, type ServerProcess } from '../../tools/testenv/server-process';
import { firstSnapshot } from '../../tools/testenv/subscription-snapshot';
import { tenantCluster, tenantHost } from '../../tools/testenv/tenant-objects';
import { applyObject } from '../kube/apply';
import { KubeRequestError, kubeRequestJson } from '../kube/kube-request';
import { bareMetalHostResource } from '../types/crds/bare-metal-host';
import { sipClusterResource } from '../types/crds';
import type { ClusterPage } from './clusters/cluster-query';
import type { HostPage } from './hosts/host-query';

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const teamA = `sar-a-${id}`;
const teamB = `sar-b-${id}`;
/** Short, so that the test sees a revoked grant go within it. */
const TTL_MS = 6000;
const rbac = '/apis/rbac.authorization.k8s.io/v1';
const lister = `sar-list-${id}`;
/** Bound in namespace A only. */
const tenant = `sar-tenant-${id}`;
/** Bound in every namespace: shows that B's objects are in the server's caches. */
const everywhere = `sar-all-${id}`;
let server: ServerProcess;
let tenantConsole: ConsoleClient;
let everywhereConsole: ConsoleClient;

const subject = (user: string) => ({
  apiGroup: 'rbac.authorization.k8s.io',
  kind: 'User',
  name: `rackpilot:${user}`,
});
const roleRef = { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: lister };

/** The tenant's RoleBinding in A; there already when a retried test runs after a first that removed it. */
async function bindTenantInA(): Promise<void> {
  await kubeRequestJson(kc, `${rbac}/namespaces/${teamA}/rolebindings`, {
    method: 'POST',
    body: { metadata: { name: tenant }, roleRef, subjects: [subject(tenant)] },
  }).catch((error: unknown) => {
    if (!(error instanceof KubeRequestError && error.status === 409)) throw error;
  });
}

beforeAll(async () => {
  await createNamespaceWithHosts(kc, teamA, [tenantHost(`a1-${id}`, 'rack-a')]);
  await createNamespaceWithHosts(kc, teamB, [tenantHost(`b1-${id}`, 'rack-b')]);
  await applyObject(kc, sipClusterResource, tenantCluster(teamA, `tenant-a-${id}`));
  await applyObject(kc, sipClusterResource, tenantCluster(teamB, `tenant-b-${id}`));
  await kubeRequestJson(kc, `${rbac}/clusterroles`, {
    method: 'POST',
    body: {
      metadata: { name: lister },
      rules: [
        {
          apiGroups: [sipClusterResource.group],
          resources: ['sipclusters'],
          verbs: ['get', 'list', 'watch'],
        },
        {
          apiGroups: [bareMetalHostResource.group],
          resources: ['baremetalhosts'],
          verbs: ['get', 'list', 'watch'],
        },
      ],
    },
  });
  await bindTenantInA();
  await kubeRequestJson(kc, `${rbac}/clusterrolebindings`, {
    method: 'POST',
    body: { metadata: { name: everywhere }, roleRef, subjects: [subject(everywhere)] },
  });
  server = await startConsoleServer({
    RACKPILOT_IMPERSONATE: '1',
    RACKPILOT_ACCESS_REVIEW_TTL_MS: String(TTL_MS),
  });
  const admin = await signInAsAdmin(server.url);
  // Both viewers everywhere as far as the console's own roles go: only the cluster's RBAC tells them apart.
  tenantConsole = await signInAsNew(admin, tenant, 'viewer');
  everywhereConsole = await signInAsNew(admin, everywhere, 'viewer');
  await eventually(async () => {
    const page = await everywhereConsole.query<HostPage>('hosts.page', { search: id });
    expect(page.data?.total).toBe(2);
  });
}, 120_000);

afterAll(async () => {
  await server.stop();
  for (const namespace of [teamA, teamB]) {
    await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' }).catch(() => undefined);
  }
  for (const path of [`clusterrolebindings/${everywhere}`, `clusterroles/${lister}`]) {
    await kubeRequestJson(kc, `${rbac}/${path}`, { method: 'DELETE' }).catch(() => undefined);
  }
});

/** The newest page a live hosts.list subscription has sent. */
function latestPage(messages: unknown[]): HostPage | undefined {
  const views = messages
    .map((message) => (message as { result?: { data?: { view?: HostPage } } }).result?.data?.view)
    .filter((view) => view !== undefined);
  return views.at(-1);
}

describe('with RACKPILOT_IMPERSONATE=1, what a user sees follows what the cluster lets them list', () => {
  it("shows a user bound in namespace A A's hosts and clusters, in queries and live views, and not B's", async () => {
    const page = await tenantConsole.query<HostPage>('hosts.page', { search: id });
    expect(page.error).toBeUndefined();
    expect(page.data?.rows.map((row) => row.name)).toEqual([`a1-${id}`]);
    expect(page.data?.total).toBe(1);
    expect(page.data?.facets.rack.map((facet) => facet.value)).not.toContain('rack-b');

    const hosts = await firstSnapshot<HostPage>(tenantConsole, 'hosts.list', { search: id });
    expect(hosts.rows.map((row) => row.namespace)).toEqual([teamA]);
    const clusters = await firstSnapshot<ClusterPage>(tenantConsole, 'clusters.list', { search: id });
    expect(clusters.rows.map((row) => row.name)).toEqual([`tenant-a-${id}`]);
    await expect(
      firstSnapshot(tenantConsole, 'clusters.detail', { namespace: teamB, name: `tenant-b-${id}` }),
    ).rejects.toThrow(/ended \(error\)/);

    const all = await firstSnapshot<ClusterPage>(everywhereConsole, 'clusters.list', { search: id });
    expect(all.rows.map((row) => row.name).sort()).toEqual([`tenant-a-${id}`, `tenant-b-${id}`]);
  });

  it("takes A's objects out of an open live view and the lists within the TTL once the RoleBinding goes", async () => {
    const opened = await openConsoleSocket(server.url, tenantConsole.cookie);
    const socket = opened.socket;
    if (!socket) throw new Error(`the WebSocket was refused (${opened.status})`);
    try {
      await bindTenantInA();
      const live = subscribe(socket, 1, 'hosts.list', { search: id });
      await eventually(() => {
        expect(latestPage(live.messages)?.rows.map((row) => row.name)).toEqual([`a1-${id}`]);
      });

      await kubeRequestJson(kc, `${rbac}/namespaces/${teamA}/rolebindings/${tenant}`, { method: 'DELETE' });
      const removedAt = Date.now();
      await eventually(() => {
        expect(latestPage(live.messages)?.total).toBe(0);
      }, TTL_MS);
      expect(Date.now() - removedAt).toBeLessThan(TTL_MS);
      const page = await tenantConsole.query<HostPage>('hosts.page', { search: id });
      expect(page.data?.total).toBe(0);
    } finally {
      socket.close();
    }
  });
});
