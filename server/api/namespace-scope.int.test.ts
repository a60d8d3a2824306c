// Namespace-scoped roles through tRPC against a real API server and database: a user bound to one
// namespace sees its hosts and clusters only, in lists, search, facets and live views, and every call
// naming the other namespace is refused and audited.
import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, signInAsNew, type ConsoleClient } from '../../tools/testenv/console-client';
import { eventually } from '../../tools/testenv/eventually';
import { createHost, createNamespaceWithHosts } from '../../tools/testenv/namespace-with-hosts';
import { startConsoleServer, type ServerProcess } from '../../tools/testenv/server-process';
import { firstSnapshot } from '../../tools/testenv/subscription-snapshot';
import { applyObject } from '../kube/apply';
import { kubeRequestJson } from '../kube/kube-request';
import { sipClusterResource, type BareMetalHost, type SIPCluster } from '../types/crds';
import type { AuditRow } from './access/audit-query';
import type { ClusterPage } from './clusters/cluster-query';
import type { HostPage } from './hosts/host-query';
import type { RacksDelta } from './racks/rack-delta';
import type { WallView } from './wall/wall-view';

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const teamA = `scope-a-${id}`;
const teamB = `scope-b-${id}`;
let server: ServerProcess;
let admin: ConsoleClient;
let operatorA: ConsoleClient;
let usernameA: string;

function cluster(namespace: string, name: string): SIPCluster {
  return {
    apiVersion: 'airship.airshipit.org/v1',
    kind: 'SIPCluster',
    metadata: { name, namespace },
    spec: {
      nodes: {
        Worker: {
          labelSelector: { matchLabels: { 'vino.airshipit.org/flavor': 'worker' } },
          topologyKey: 'vino.airshipit.org/host',
          count: { active: 1, standby: 0 },
        },
      },
      services: {},
    },
  };
}

const host = (name: string, rack: string) => ({
  name,
  labels: { 'vino.airshipit.org/rack': rack },
  spec: { online: false },
});

async function auditRows(action: string, actor: string): Promise<AuditRow[]> {
  const page = await admin.query<{ rows: AuditRow[] }>('access.audit', { action, actor });
  return page.data?.rows ?? [];
}

beforeAll(async () => {
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  await createNamespaceWithHosts(kc, teamA, [host(`a1-${id}`, 'rack-a'), host(`a2-${id}`, 'rack-a')]);
  await createNamespaceWithHosts(kc, teamB, [host(`b1-${id}`, 'rack-b')]);
  await createHost(kc, teamB, host(`b2-${id}`, 'rack-b'));
  await applyObject(kc, sipClusterResource, cluster(teamA, `tenant-a-${id}`));
  await applyObject(kc, sipClusterResource, cluster(teamB, `tenant-b-${id}`));
  usernameA = `team-a-${id}`;
  operatorA = await signInAsNew(admin, usernameA, 'operator');
  const users = await admin.query<{ id: string; username: string }[]>('access.users');
  const userA = users.data?.find((user) => user.username === usernameA);
  const set = await admin.mutate('access.setRole', { id: userA?.id, role: 'operator', scope: teamA });
  expect(set.error).toBeUndefined();
  // Both namespaces are in the admin's view before the scoped user's is read.
  await eventually(async () => {
    const page = await admin.query<HostPage>('hosts.page', { search: id });
    expect(page.data?.total).toBe(4);
  });
}, 120_000);

afterAll(async () => {
  for (const namespace of [teamA, teamB]) {
    await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' }).catch(() => undefined);
  }
  await server.stop();
});

describe('a user bound to one namespace', () => {
  it('lists, searches and counts only its hosts', async () => {
    const page = await operatorA.query<HostPage>('hosts.page', { search: id });
    expect(page.data?.rows.map((row) => row.name).sort()).toEqual([`a1-${id}`, `a2-${id}`]);
    expect(page.data?.total).toBe(2);
    const racks = page.data?.facets.rack.map((facet) => facet.value);
    expect(racks).toContain('rack-a');
    expect(racks).not.toContain('rack-b');
    const searched = await operatorA.query<HostPage>('hosts.page', { search: `b1-${id}` });
    expect(searched.data?.total).toBe(0);
    expect([page.data?.totalAll, searched.data?.totalAll]).toEqual([2, 2]);
  });

  it('sees only its clusters and hosts in the live views', async () => {
    const clusters = await firstSnapshot<ClusterPage>(operatorA, 'clusters.list', { search: id });
    expect(clusters.rows.map((row) => row.name)).toEqual([`tenant-a-${id}`]);
    const hosts = await firstSnapshot<HostPage>(operatorA, 'hosts.list', { search: id });
    expect(hosts.rows.every((row) => row.namespace === teamA)).toBe(true);
    const adminClusters = await firstSnapshot<ClusterPage>(admin, 'clusters.list', { search: id });
    expect(adminClusters.rows).toHaveLength(2);
  });

  it('sees only its racks and hosts in the rack view and on the wall', async () => {
    const racks = await firstSnapshot<RacksDelta>(operatorA, 'racks.view', { search: id });
    expect(racks.order).toContain('rack-a');
    expect(racks.order).not.toContain('rack-b');
    expect(racks.hosts).toBe(2);
    const adminRacks = await firstSnapshot<RacksDelta>(admin, 'racks.view', { search: id });
    expect(adminRacks.order).toEqual(expect.arrayContaining(['rack-a', 'rack-b']));
    const wall = await firstSnapshot<WallView>(operatorA, 'wall.live', { racks: 'all' });
    expect([wall.hosts.total, wall.clusters.total, wall.racks?.total]).toEqual([2, 1, 1]);
    const adminWall = await firstSnapshot<WallView>(admin, 'wall.live', { racks: 'all' });
    expect(adminWall.hosts.total).toBeGreaterThanOrEqual(4);
    const rackHost = await operatorA.query('racks.host', {
      namespace: teamB,
      name: `b1-${id}`,
      resourceVersion: '1',
    });
    expect(rackHost.error?.code).toBe('FORBIDDEN');
  });

  it('offers only its namespace to the create forms', async () => {
    const namespaces = await operatorA.query<string[]>('namespaces.list');
    expect(namespaces.data).toEqual([teamA]);
  });

  it("reads and changes its namespace's objects", async () => {
    const yaml = await operatorA.query('hosts.yaml', { namespace: teamA, name: `a1-${id}` });
    expect(yaml.error).toBeUndefined();
    const act = await operatorA.mutate('hosts.act', {
      namespace: teamA,
      name: `a1-${id}`,
      action: 'power-on',
    });
    expect(act.error).toBeUndefined();
    const changed = await kubeRequestJson<BareMetalHost>(
      kc,
      `/apis/metal3.io/v1alpha1/namespaces/${teamA}/baremetalhosts/a1-${id}`,
    );
    expect(changed.spec.online).toBe(true);
  });

  it("is refused the other namespace's objects, each refusal audited", async () => {
    const yaml = await operatorA.query('hosts.yaml', { namespace: teamB, name: `b1-${id}` });
    expect(yaml.error?.code).toBe('FORBIDDEN');
    expect(yaml.error?.message).toMatch(teamB);
    const missing = await operatorA.query('hosts.yaml', { namespace: teamB, name: 'no-such-host' });
    expect(missing.error?.message).toBe(yaml.error?.message);
    const act = await operatorA.mutate('hosts.act', {
      namespace: teamB,
      name: `b1-${id}`,
      action: 'power-off',
    });
    expect(act.error?.code).toBe('FORBIDDEN');
    const deleted = await operatorA.mutate('clusters.delete', { namespace: teamB, name: `tenant-b-${id}` });
    expect(deleted.error?.code).toBe('FORBIDDEN');
    await expect(
      firstSnapshot(operatorA, 'clusters.detail', { namespace: teamB, name: `tenant-b-${id}` }),
    ).rejects.toThrow();
    expect((await auditRows('hosts.yaml', usernameA)).map((row) => row.result)).toEqual(['denied', 'denied']);
    const powerOff = await auditRows('host.powerOff', usernameA);
    expect(powerOff.map((row) => [row.target, row.result])).toEqual([[`${teamB}/b1-${id}`, 'denied']]);
    const clusterDelete = await auditRows('clusters.delete', usernameA);
    expect(clusterDelete.map((row) => row.result)).toEqual(['denied']);
    expect((await auditRows('clusters.detail', usernameA)).map((row) => row.result)).toEqual(['denied']);
  });

  it('is refused what is not filtered by namespace yet, while a global viewer is not', async () => {
    const overview = await operatorA.query('overview.get');
    expect(overview.error?.code).toBe('FORBIDDEN');
    expect((await admin.query('overview.get')).error).toBeUndefined();
  });
});
