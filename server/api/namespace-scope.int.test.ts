// Namespace-scoped roles through tRPC against a real API server and database: a user bound to one
// namespace sees its hosts, clusters, Ironics, Contrail Managers and groups, PlacementAPIs, bulk jobs
// and audit rows only, in lists, search, counts, facets and live views, and every call naming the
// other namespace is refused and audited.
import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, signInAsNew, type ConsoleClient } from '../../tools/testenv/console-client';
import { eventually } from '../../tools/testenv/eventually';
import { createHost, createNamespaceWithHosts } from '../../tools/testenv/namespace-with-hosts';
import { startConsoleServer, type ServerProcess } from '../../tools/testenv/server-process';
import { firstSnapshot } from '../../tools/testenv/subscription-snapshot';
import { tenantCluster, tenantHost } from '../../tools/testenv/tenant-objects';
import { applyObject } from '../kube/apply';
import { kubeRequestJson } from '../kube/kube-request';
import {
  ironicResource,
  managerResource,
  placementApiResource,
  sipClusterResource,
  vrouterResource,
  type BareMetalHost,
  type Manager,
  type Vrouter,
} from '../types/crds';
import type { AuditRow } from './access/audit-query';
import type { BulkPreview } from './bulk/bulk-runner';
import type { BulkJobView } from './bulk/bulk-store';
import type { ClusterPage } from './clusters/cluster-query';
import type { GroupRow } from './contrail/group-view';
import type { ManagerRow } from './contrail/manager-view';
import type { HostPage } from './hosts/host-query';
import type { IronicRow } from './ironic/ironic-row';
import type { OverviewView } from './overview/overview-view';
import type { PlacementRow } from './placement/placement-row';
import type { ReadyRowPage } from './ready-row-query';
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

async function auditRows(action: string, actor: string): Promise<AuditRow[]> {
  const page = await admin.query<{ rows: AuditRow[] }>('access.audit', { action, actor });
  return page.data?.rows ?? [];
}

/** One of each service kind in `namespace`, named after it: what the service pages list. */
async function createServices(namespace: string) {
  const name = `svc-${namespace}`;
  await applyObject(kc, ironicResource, {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'Ironic',
    metadata: { name, namespace },
    spec: {},
  });
  await applyObject(kc, placementApiResource, {
    apiVersion: 'placement.openstack.org/v1beta1',
    kind: 'PlacementAPI',
    metadata: { name, namespace },
    spec: { databaseInstance: 'openstack', secret: 'osp-secret' },
  });
  await applyObject(kc, managerResource, {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Manager',
    metadata: { name, namespace },
    spec: {},
  } as unknown as Manager);
  await applyObject(kc, vrouterResource, {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Vrouter',
    metadata: { name, namespace },
    spec: { serviceConfiguration: {} },
  } as unknown as Vrouter);
}

const names = (page: ReadyRowPage<{ namespace: string; name: string }>) =>
  page.rows.map((row) => `${row.namespace}/${row.name}`);
const countOf = (view: OverviewView | undefined, kind: string) =>
  view?.kinds.find((entry) => entry.kind === kind)?.count;

beforeAll(async () => {
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  await createNamespaceWithHosts(kc, teamA, [
    tenantHost(`a1-${id}`, 'rack-a'),
    tenantHost(`a2-${id}`, 'rack-a'),
  ]);
  await createNamespaceWithHosts(kc, teamB, [tenantHost(`b1-${id}`, 'rack-b')]);
  await createHost(kc, teamB, tenantHost(`b2-${id}`, 'rack-b'));
  await applyObject(kc, sipClusterResource, tenantCluster(teamA, `tenant-a-${id}`));
  await applyObject(kc, sipClusterResource, tenantCluster(teamB, `tenant-b-${id}`));
  await createServices(teamA);
  await createServices(teamB);
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
    const placements = await firstSnapshot<ReadyRowPage<PlacementRow>>(admin, 'placement.list', {
      search: id,
    });
    expect(placements.total).toBe(2);
    const groups = await firstSnapshot<ReadyRowPage<GroupRow>>(admin, 'contrail.groups.list', { search: id });
    expect(groups.total).toBe(2);
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

  it('sees only its Ironic, Contrail and Placement objects, counted alone', async () => {
    const mine = `${teamA}/svc-${teamA}`;
    const ironics = await firstSnapshot<ReadyRowPage<IronicRow>>(operatorA, 'ironic.list', {});
    expect([names(ironics), ironics.total, ironics.totalAll]).toEqual([[mine], 1, 1]);
    const placements = await firstSnapshot<ReadyRowPage<PlacementRow>>(operatorA, 'placement.list', {});
    expect([names(placements), placements.totalAll]).toEqual([[mine], 1]);
    const managers = await firstSnapshot<ReadyRowPage<ManagerRow>>(operatorA, 'contrail.managers.list', {});
    expect([names(managers), managers.totalAll]).toEqual([[mine], 1]);
    const groups = await firstSnapshot<ReadyRowPage<GroupRow>>(operatorA, 'contrail.groups.list', {});
    expect([names(groups), groups.totalAll]).toEqual([[mine], 1]);
    const searched = await firstSnapshot<ReadyRowPage<IronicRow>>(operatorA, 'ironic.list', {
      search: teamB,
    });
    expect(searched.total).toBe(0);
    const options = await operatorA.query<{ namespace: string }[]>('contrail.groups.managerOptions');
    expect(options.data?.map((option) => option.namespace)).toEqual([teamA]);
    const adminIronics = await firstSnapshot<ReadyRowPage<IronicRow>>(admin, 'ironic.list', { search: id });
    expect(adminIronics.total).toBe(2);
  });

  it("counts only its namespace's objects and problems on the overview", async () => {
    const overview = await operatorA.query<OverviewView>('overview.get');
    expect(overview.error).toBeUndefined();
    const view = overview.data;
    expect(
      ['BareMetalHost', 'SIPCluster', 'Ironic', 'PlacementAPI', 'Manager', 'Vrouter'].map((kind) =>
        countOf(view, kind),
      ),
    ).toEqual([2, 1, 1, 1, 1, 1]);
    expect(view?.problems.items.every((item) => item.namespace === teamA)).toBe(true);
    expect(view?.capacity.unleased ?? 0).toBe(0);
    const health = await operatorA.query<{ warnings: { regarding?: { namespace: string } }[] }>(
      'overview.health',
    );
    expect(health.data?.warnings.every((warning) => warning.regarding?.namespace === teamA)).toBe(true);
    const adminView = (await admin.query<OverviewView>('overview.get')).data;
    expect(countOf(adminView, 'Ironic')).toBeGreaterThanOrEqual(2);
    expect(countOf(adminView, 'BareMetalHost')).toBeGreaterThanOrEqual(4);
  });

  it("is refused the other namespace's Ironic, Contrail and Placement objects, each refusal audited", async () => {
    const other = { namespace: teamB, name: `svc-${teamB}` };
    const own = { namespace: teamA, name: `svc-${teamA}` };
    for (const path of ['ironic.events', 'contrail.managers.events', 'placement.events']) {
      expect((await operatorA.query(path, own)).error).toBeUndefined();
    }
    const events = await operatorA.query('ironic.events', other);
    expect(events.error?.code).toBe('FORBIDDEN');
    expect(events.error?.message).toBe(`the namespace ${teamB} is outside your role's namespaces`);
    await expect(firstSnapshot(operatorA, 'ironic.detail', other)).rejects.toThrow();
    const managerEvents = await operatorA.query('contrail.managers.events', other);
    expect(managerEvents.error?.code).toBe('FORBIDDEN');
    const deleted = await operatorA.mutate('placement.delete', other);
    expect(deleted.error?.message).toBe(events.error?.message);
    const groupDeleted = await operatorA.mutate('contrail.groups.delete', other);
    expect(groupDeleted.error?.code).toBe('FORBIDDEN');
    expect(
      await kubeRequestJson(
        kc,
        `/apis/placement.openstack.org/v1beta1/namespaces/${teamB}/placementapis/${other.name}`,
      ),
    ).toMatchObject({ metadata: { name: other.name } });
    for (const action of [
      'ironic.events',
      'ironic.detail',
      'contrail.managers.events',
      'placement.delete',
      'contrail.groups.delete',
    ]) {
      const rows = await auditRows(action, usernameA);
      expect(rows.map((row) => [row.target, row.result])).toEqual([[`${teamB}/${other.name}`, 'denied']]);
    }
  });

  it("selects, starts and sees only bulk jobs on its namespace's hosts", async () => {
    const target = {
      kind: 'hosts',
      action: 'labels',
      filter: { search: id },
      labels: { set: { [`scope-${id}`]: 'yes' } },
    };
    const preview = await operatorA.query<BulkPreview>('bulk.preview', target);
    expect(preview.data?.count).toBe(2);
    const started = await operatorA.mutate<{ id: string }>('bulk.start', { ...target, confirmedCount: 2 });
    expect(started.error).toBeUndefined();
    const adminJob = await admin.mutate<{ id: string }>('bulk.start', {
      ...target,
      labels: { set: { [`admin-${id}`]: 'yes' } },
      confirmedCount: 4,
    });
    expect(adminJob.error).toBeUndefined();
    await eventually(async () => {
      const host = await kubeRequestJson<BareMetalHost>(
        kc,
        `/apis/metal3.io/v1alpha1/namespaces/${teamA}/baremetalhosts/a2-${id}`,
      );
      expect(host.metadata.labels?.[`scope-${id}`]).toBe('yes');
    });
    const hostB = await kubeRequestJson<BareMetalHost>(
      kc,
      `/apis/metal3.io/v1alpha1/namespaces/${teamB}/baremetalhosts/b1-${id}`,
    );
    expect(hostB.metadata.labels?.[`scope-${id}`]).toBeUndefined();
    const jobs = await operatorA.query<BulkJobView[]>('bulk.list');
    const ids = jobs.data?.map((job) => job.id);
    expect(ids).toContain(started.data?.id);
    expect(ids).not.toContain(adminJob.data?.id);
    const peek = await operatorA.query('bulk.get', { id: adminJob.data?.id });
    expect(peek.error?.code).toBe('NOT_FOUND');
  });

  it('sees only the audit rows about its namespace', async () => {
    const page = await operatorA.query<{ rows: AuditRow[] }>('access.audit', {});
    expect(page.error).toBeUndefined();
    const targets = page.data?.rows.map((row) => row.target) ?? [];
    expect(targets).toContain(`${teamA}/a1-${id}`);
    expect(targets.every((target) => target?.startsWith(`${teamA}/`))).toBe(true);
    expect((await auditRows('host.powerOff', usernameA)).map((row) => row.target)).toEqual([
      `${teamB}/b1-${id}`,
    ]);
  });

  it('is refused the unleased machines, of no namespace yet, while a global viewer is not', async () => {
    const unleased = await operatorA.query('hardware.page', {});
    expect(unleased.error?.code).toBe('FORBIDDEN');
    expect((await admin.query('hardware.page', {})).error).toBeUndefined();
    const bulk = await operatorA.query('bulk.preview', {
      kind: 'hardware',
      action: 'provision',
      filter: {},
      provision: { namespace: teamA, cluster: 'any' },
    });
    expect(bulk.error?.code).toBe('FORBIDDEN');
  });
});
