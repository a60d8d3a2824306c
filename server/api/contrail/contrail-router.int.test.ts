// The Contrail console API against the real control plane: the console server (no controllers) reads
// and writes, the Contrail controllers run here and reconcile what it writes.
import type { V1Secret } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, signInAsNew, type ConsoleClient } from '../../../tools/testenv/console-client';
import { contrailTestCluster, kc, TEST_LABEL } from '../../../tools/testenv/contrail-test-cluster';
import { eventually } from '../../../tools/testenv/eventually';
import { startConsoleServer, type ServerProcess } from '../../../tools/testenv/server-process';
import { firstSnapshot } from '../../../tools/testenv/subscription-snapshot';
import { secretResource } from '../../kube/resource';
import {
  defaultContrailGroupForm,
  VF_CAPACITY_LABEL,
  type ContrailGroupForm,
} from '../../schemas/contrail-group-form';
import { managerResource, type Manager } from '../../types/crds/manager';
import { vrouterResource } from '../../types/crds/vrouter';
import type { AuditRow } from '../access/audit-query';
import type { CreateResult } from '../api-rejection';
import type { GroupDetailMessage } from './groups-detail.handler';
import type { ManagerDetailMessage } from './managers-detail.handler';
import { isStaleManager, patchManagerLists } from './manager-patch';
import type { NodeMatch } from './node-match';

const t = contrailTestCluster('ct-api');
let server: ServerProcess;
let admin: ConsoleClient;
let operator: ConsoleClient;
let viewer: ConsoleClient;

const only = (role: string) => [
  { key: TEST_LABEL, value: t.id },
  { key: 'role', value: role },
];

beforeAll(async () => {
  await t.createNode('dpdk', { role: 'dpdk' });
  await t.createNode('held', { role: 'held' });
  await t.createNode('sriov', { role: 'sriov', [VF_CAPACITY_LABEL]: '4' });
  await t.start();
  await t.create(managerResource, {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Manager',
    metadata: { name: 'm1', namespace: t.namespace },
    spec: {
      services: {
        rabbitmq: {
          metadata: { name: 'rabbit' },
          spec: {
            commonConfiguration: {
              replicas: 1,
              nodeSelector: { [TEST_LABEL]: t.id, role: 'held' },
              tolerations: t.tolerations,
            },
            serviceConfiguration: {},
          },
        },
        vrouterProfileTemplates: [
          { metadata: { name: 'tuning' }, spec: { otherConfig: { moreConfig: { log_level: 'SYS_INFO' } } } },
          { metadata: { name: 'kernel' }, spec: { kernelModeConfiguration: {} } },
        ],
        vrouterTemplates: [
          {
            metadata: { name: 'held-group', kind: 'ContrailVrouter' },
            spec: {
              nodeSelector: { [TEST_LABEL]: t.id, role: 'held' },
              tolerations: t.tolerations,
              configuration: { profiles: ['kernel'] },
            },
          },
        ],
      },
    },
  } as unknown as Manager);
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  operator = await signInAsNew(admin, `op-${t.id}`, 'operator');
  viewer = await signInAsNew(admin, `viewer-${t.id}`, 'viewer');
  // The console's caches see the Manager's first group before the tests ask about its node.
  await eventually(async () => {
    const match = await viewer.query<NodeMatch>('contrail.groups.matchingNodes', { selector: only('held') });
    expect(match.data?.taken).toBe(1);
  }, 60_000);
}, 180_000);

afterAll(async () => {
  await server.stop();
  await t.stop();
});

function dpdkForm(name: string, edit: (f: ContrailGroupForm) => void = () => undefined): ContrailGroupForm {
  const form = defaultContrailGroupForm();
  form.namespace = t.namespace;
  form.manager = 'm1';
  form.name = name;
  form.nodeSelector = only('dpdk');
  form.tolerations = [{ key: TEST_LABEL, operator: 'Exists', value: '', effect: 'NoSchedule' }];
  form.gateway = '10.1.1.1';
  form.newProfile = {
    ...form.newProfile,
    enabled: true,
    name: `${name}-dpdk`,
    mode: 'dpdk',
    coreMask: '0x3',
  };
  form.profiles = [`${name}-dpdk`, 'tuning'];
  form.knownProfiles = [{ name: 'tuning', spec: { otherConfig: {} } }];
  form.nodeVfCapacity = 0;
  edit(form);
  return form;
}

const manager = () => t.get<Manager>(managerResource, 'm1');

async function auditOf(target: string): Promise<AuditRow[]> {
  const page = await admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'contrail.groups.create' });
  return (page.data?.rows ?? []).filter((row) => row.target === target);
}

describe('the node selector builder', () => {
  it('counts the matching nodes and names the group that already holds one', async () => {
    const held = await viewer.query<NodeMatch>('contrail.groups.matchingNodes', { selector: only('held') });
    expect(held.data).toEqual({
      count: 1,
      nodes: [{ name: `ct-api-${t.id}-held`, vfCapacity: 0, groups: [`${t.namespace}/held-group`] }],
      taken: 1,
      vfCapacity: 0,
    });
    const all = await viewer.query<NodeMatch>('contrail.groups.matchingNodes', {
      selector: [{ key: TEST_LABEL, value: t.id }],
    });
    expect(all.data).toMatchObject({ count: 3, taken: 1, vfCapacity: 0 });
    const sriov = await viewer.query<NodeMatch>('contrail.groups.matchingNodes', { selector: only('sriov') });
    expect(sriov.data).toMatchObject({ count: 1, taken: 0, vfCapacity: 4 });
  });
});

describe('creating a vRouter group', () => {
  it('refuses a viewer with FORBIDDEN, on the audit record, and changes nothing', async () => {
    const before = await manager();
    const result = await viewer.mutate('contrail.groups.create', dpdkForm('by-viewer'));
    expect(result.status).toBe(403);
    expect(result.error?.code).toBe('FORBIDDEN');
    expect((await manager())?.metadata.generation).toBe(before?.metadata.generation);
    const [row] = await auditOf(`${t.namespace}/by-viewer`);
    expect(row).toMatchObject({ actor: `viewer-${t.id}`, result: 'denied' });
  });

  it('dry-runs at the API server and stores nothing', async () => {
    const before = await manager();
    const result = await operator.mutate<CreateResult>('contrail.groups.dryRun', dpdkForm('dry'));
    expect(result.data).toMatchObject({ status: 'accepted' });
    expect((await manager())?.metadata.generation).toBe(before?.metadata.generation);
  });

  it('refuses, at the field, what only the server can see', async () => {
    const before = await manager();
    const overlap = await operator.mutate<CreateResult>(
      'contrail.groups.create',
      dpdkForm('overlap', (f) => (f.nodeSelector = only('held'))),
    );
    expect(overlap.data).toMatchObject({
      status: 'rejected',
      fieldErrors: { nodeSelector: expect.stringContaining(`${t.namespace}/held-group`) as string },
    });
    // The browser's copy of the profiles decides nothing: the Manager has no profile "ghost".
    const forged = await operator.mutate<CreateResult>(
      'contrail.groups.create',
      dpdkForm('forged', (f) => {
        f.knownProfiles.push({ name: 'ghost', spec: {} });
        f.profiles.push('ghost');
      }),
    );
    expect(forged.data).toMatchObject({
      status: 'rejected',
      fieldErrors: { 'profiles.2': expect.stringContaining('ghost is not') as string },
    });
    // 8 VFs asked of a node that advertises 4.
    const vfs = await operator.mutate<CreateResult>(
      'contrail.groups.create',
      dpdkForm('sriov', (f) => {
        f.nodeSelector = only('sriov');
        f.newProfile = { ...f.newProfile, name: 'sriov8', mode: 'sriov', numberOfVfs: 8 };
        f.profiles = ['sriov8'];
        f.nodeVfCapacity = null;
      }),
    );
    expect(vfs.data).toMatchObject({
      status: 'rejected',
      fieldErrors: { 'newProfile.numberOfVfs': expect.stringContaining('advertises only 4') as string },
    });
    const taken = await operator.mutate<CreateResult>('contrail.groups.create', dpdkForm('held-group'));
    expect(taken.data).toMatchObject({
      status: 'rejected',
      fieldErrors: { name: expect.any(String) as string },
    });
    const missing = await operator.mutate<CreateResult>(
      'contrail.groups.create',
      dpdkForm('x', (f) => (f.manager = 'nope')),
    );
    expect(missing.data).toMatchObject({
      status: 'rejected',
      fieldErrors: { manager: expect.any(String) as string },
    });
    expect((await manager())?.metadata.generation).toBe(before?.metadata.generation);
  });

  it('adds the group and its profile to the Manager beside what is there; the group goes ready', async () => {
    const result = await operator.mutate<CreateResult>('contrail.groups.create', dpdkForm('dpdk-a'));
    expect(result.data).toEqual({ status: 'created', namespace: t.namespace, name: 'dpdk-a' });
    const services = (await manager())?.spec.services;
    expect(services?.vrouterTemplates?.map((g) => g.metadata.name)).toEqual(['held-group', 'dpdk-a']);
    expect(services?.vrouterProfileTemplates?.map((p) => p.metadata.name)).toEqual([
      'tuning',
      'kernel',
      'dpdk-a-dpdk',
    ]);
    expect(services?.rabbitmq?.metadata.name).toBe('rabbit');
    const [row] = await auditOf(`${t.namespace}/dpdk-a`);
    expect(row).toMatchObject({ actor: `op-${t.id}`, result: 'ok' });

    const detail = await eventually(
      async () => {
        const view = await firstSnapshot<GroupDetailMessage>(operator, 'contrail.groups.detail', {
          namespace: t.namespace,
          name: 'dpdk-a',
        });
        expect(view.found && view.group.row.ready).toMatchObject({ status: 'True', reason: 'AgentsReady' });
        return view;
      },
      120_000,
      1_000,
    );
    if (!detail.found) throw new Error('group not found');
    expect(detail.group.row).toMatchObject({
      manager: 'm1',
      profiles: ['dpdk-a-dpdk', 'tuning'],
      nodes: { matched: 1, ready: 1 },
      agents: { desired: 1, ready: 1, updated: 1 },
      conflicts: [],
    });
    expect(detail.group.nodes).toMatchObject([{ name: `ct-api-${t.id}-dpdk`, agentReady: true }]);
    expect(detail.group.pods).toHaveLength(1);
    const ip = detail.group.pods[0]?.ip ?? '';
    expect(detail.group.configKeys).toEqual(['10-contrail.conf', `nodemanager.${ip}`, `vrouter.${ip}`]);
  }, 150_000);

  it('keeps both of two groups created at once', async () => {
    await t.createNode('k1', { role: 'k1' });
    await t.createNode('k2', { role: 'k2' });
    const kernel = (name: string, role: string) =>
      dpdkForm(name, (f) => {
        f.nodeSelector = only(role);
        f.newProfile.enabled = false;
        f.profiles = ['kernel'];
        f.knownProfiles = [{ name: 'kernel', spec: { kernelModeConfiguration: {} } }];
      });
    const results = await Promise.all([
      operator.mutate<CreateResult>('contrail.groups.create', kernel('k-one', 'k1')),
      operator.mutate<CreateResult>('contrail.groups.create', kernel('k-two', 'k2')),
    ]);
    expect(results.map((r) => r.data)).toMatchObject([{ status: 'created' }, { status: 'created' }]);
    const names = (await manager())?.spec.services?.vrouterTemplates?.map((g) => g.metadata.name);
    expect(names).toEqual(expect.arrayContaining(['held-group', 'dpdk-a', 'k-one', 'k-two']));
    expect(names).toHaveLength(4);
  });

  it('never writes over a Manager whose spec moved on since it was read', async () => {
    const read = await manager();
    if (!read) throw new Error('no Manager');
    await t.merge(managerResource, 'm1', { spec: { keystoneSecretName: 'keystone-admin' } });
    const stale = patchManagerLists(kc, read, { vrouterTemplates: [] });
    await expect(stale).rejects.toSatisfy(isStaleManager);
    expect((await manager())?.spec.services?.vrouterTemplates).toHaveLength(4);
  });

  it('removes a group from its Manager on delete, which prunes its Vrouter; a viewer may not', async () => {
    await eventually(async () => {
      expect(await t.get(vrouterResource, 'k-two')).toBeDefined();
    }, 60_000);
    const ref = { namespace: t.namespace, name: 'k-two' };
    await eventually(async () => {
      expect((await viewer.mutate('contrail.groups.delete', ref)).status).toBe(403);
      expect((await operator.mutate('contrail.groups.delete', ref)).data).toEqual({ status: 'deleting' });
    }, 30_000);
    const names = (await manager())?.spec.services?.vrouterTemplates?.map((g) => g.metadata.name);
    expect(names).toEqual(['held-group', 'dpdk-a', 'k-one']);
    await eventually(async () => {
      expect(await t.get(vrouterResource, 'k-two')).toBeUndefined();
    }, 60_000);
  }, 120_000);
});

describe('the Manager view', () => {
  it('shows each data service’s readiness and config keys, and the Secret by name only', async () => {
    const view = await eventually(
      async () => {
        const message = await firstSnapshot<ManagerDetailMessage>(admin, 'contrail.managers.detail', {
          namespace: t.namespace,
          name: 'm1',
        });
        if (!message.found) throw new Error('Manager not found');
        const [rabbit] = message.manager.services;
        expect(rabbit).toMatchObject({ type: 'rabbitmq', name: 'rabbit', active: true });
        expect(rabbit?.configKeys.length).toBeGreaterThan(0);
        return message.manager;
      },
      120_000,
      1_000,
    );
    const [rabbit] = view.services;
    expect(rabbit?.replicas).toEqual({ ready: 1, desired: 1 });
    expect(rabbit?.configKeys).toContain('rabbitmq.nodes');
    expect(rabbit?.secret).toBe('rabbit-secret');
    expect(view.groups.map((g) => g.name)).toEqual(expect.arrayContaining(['held-group', 'dpdk-a']));
    const secret = await t.get<V1Secret>(secretResource, 'rabbit-secret');
    // The generated passwords and cookies (the user name, "contrail", is no secret).
    const values = Object.values(secret?.data ?? {})
      .map((v) => Buffer.from(v, 'base64').toString())
      .filter((value) => value.length >= 16);
    expect(values.length).toBeGreaterThan(0);
    const json = JSON.stringify(view);
    for (const value of values) expect(json).not.toContain(value);
  }, 150_000);

  it('lists the Managers with their services and groups for a viewer', async () => {
    const page = await firstSnapshot<{ rows: { name: string; dataServices: unknown }[] }>(
      viewer,
      'contrail.managers.list',
      { search: t.namespace },
    );
    expect(page.rows).toMatchObject([{ name: 'm1', dataServices: { active: 1, total: 1 } }]);
  });
});
