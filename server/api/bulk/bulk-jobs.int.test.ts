import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInAsAdmin, signInAsNew, type ConsoleClient } from '../../../tools/testenv/console-client';
import { AVAILABLE_STATUS, createHost as createTestHost } from '../../../tools/testenv/namespace-with-hosts';
import { startConsoleServer, type ServerProcess } from '../../../tools/testenv/server-process';
import { bootRequest } from '../../../tools/testenv/boot-client';
import { kubeRequestJson } from '../../kube/kube-request';
import { collectionPath } from '../../kube/resource';
import { plunderClusterResource, plunderMachineResource, type PlunderMachine } from '../../types/crds';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { AuditRow } from '../access/audit-query';
import type { BulkJobView, BulkResultRow } from './bulk-store';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `bulk-${randomBytes(3).toString('hex')}`;
const hostsPath = `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`;
const names = Array.from({ length: 8 }, (_, index) => `h${String(index + 1).padStart(2, '0')}`);
const RACK = `${namespace}-r1`;
const filter = { search: namespace, rack: [RACK] };
let server: ServerProcess;
let admin: ConsoleClient;

async function createHost(name: string) {
  await createTestHost(
    kc,
    namespace,
    { name, labels: { 'rackpilot.io/rack': RACK }, spec: { online: true } },
    AVAILABLE_STATUS,
  );
}

const getHost = (name: string) => kubeRequestJson<BareMetalHost>(kc, `${hostsPath}/${name}`);

/** The console's cache shows `count` hosts matching `query`. */
async function matching(query: object, count: number) {
  await vi.waitFor(
    async () => {
      const page = await admin.query<{ total: number }>('hosts.page', query);
      expect(page.data?.total).toBe(count);
    },
    { timeout: 20_000, interval: 200 },
  );
}

interface JobPage {
  job: BulkJobView;
  results: { rows: BulkResultRow[]; total: number };
}

async function job(id: string, client = admin): Promise<JobPage> {
  const page = await client.query<JobPage>('bulk.get', { id, pageSize: 50 });
  if (!page.data) throw new Error(`bulk.get failed: ${page.error?.message ?? page.status}`);
  return page.data;
}

async function until(id: string, check: (page: JobPage) => boolean, client = admin): Promise<JobPage> {
  let last: JobPage | undefined;
  await vi.waitFor(
    async () => {
      last = await job(id, client);
      expect(check(last), JSON.stringify(last.results.rows.filter((row) => row.outcome !== 'done'))).toBe(
        true,
      );
    },
    { timeout: 60_000, interval: 250 },
  );
  if (!last) throw new Error('no answer');
  return last;
}

async function start(input: object): Promise<string> {
  const started = await admin.mutate<{ id: string; total: number }>('bulk.start', input);
  if (!started.data) throw new Error(`bulk.start failed: ${started.error?.message ?? started.status}`);
  return started.data.id;
}

const slow = { concurrency: 1, ratePerSecond: 1 };

beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  await Promise.all(names.map(createHost));
  await matching(filter, names.length);
}, 120_000);

afterAll(async () => {
  await server.stop();
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

describe('bulk jobs through the real server', () => {
  it('refuses bad input, a changed count and a viewer in words, starting nothing', async () => {
    const preview = await admin.query<{ count: number; sample: string[] }>('bulk.preview', {
      action: 'power-off',
      filter,
    });
    expect(preview.data).toEqual({ count: names.length, sample: names });
    const tooFast = await admin.mutate('bulk.start', {
      action: 'power-off',
      filter,
      confirmedCount: names.length,
      options: { concurrency: 500, ratePerSecond: 1 },
    });
    expect(tooFast.error?.code).toBe('BAD_REQUEST');
    expect(tooFast.error?.message).toMatch(/concurrency must be at most 50/);
    const stale = await admin.mutate('bulk.start', { action: 'power-off', filter, confirmedCount: 99 });
    expect(stale.error).toMatchObject({ code: 'CONFLICT' });
    expect(stale.error?.message).toMatch(/now matches 8 hosts, not the 99 you confirmed/);
    const viewer = await signInAsNew(admin, `viewer-${randomBytes(3).toString('hex')}`, 'viewer');
    const refused = await viewer.mutate('bulk.start', { action: 'power-off', filter, confirmedCount: 8 });
    expect(refused.error?.code).toBe('FORBIDDEN');
    expect((await getHost('h01')).spec.online).toBe(true);
  });

  it('powers off every matching host; one that stops matching or is made again mid-run is skipped; all audited', async () => {
    const id = await start({ action: 'power-off', filter, confirmedCount: names.length, options: slow });
    await until(id, (page) => page.job.tally.done >= 1);
    await kubeRequestJson(kc, `${hostsPath}/h08`, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: { metadata: { labels: { 'rackpilot.io/rack': `${namespace}-r2` } } },
    });
    // Another host under h07's name: it matches the filter too, but it is not the host confirmed.
    const before = await getHost('h07');
    await kubeRequestJson(kc, `${hostsPath}/h07`, { method: 'DELETE' });
    await createHost('h07');
    expect((await getHost('h07')).metadata.uid).not.toBe(before.metadata.uid);
    await matching(filter, names.length - 1);
    const { job: ended, results } = await until(id, (page) => page.job.state === 'finished');
    expect(ended.tally, JSON.stringify(results.rows)).toMatchObject({ done: 6, skipped: 2, pending: 0 });
    expect(results.rows.find((row) => row.name === 'h08')).toMatchObject({
      outcome: 'skipped',
      reason: `no longer matches the filter: its rack is now ${namespace}-r2`,
    });
    expect(results.rows.find((row) => row.name === 'h07')).toMatchObject({
      outcome: 'skipped',
      reason: 'it was deleted and created again since the job started',
    });
    expect((await getHost('h08')).spec.online).toBe(true);
    expect((await getHost('h07')).spec.online).toBe(true);
    expect((await getHost('h06')).spec.online).toBe(false);

    const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'host.powerOff' });
    const hostRows = (audit.data?.rows ?? []).filter((row) => row.target?.startsWith(`${namespace}/`));
    expect(hostRows.map((row) => row.target).sort()).toEqual(
      names.slice(0, 6).map((name) => `${namespace}/${name}`),
    );
    expect(hostRows.every((row) => row.result === 'ok' && row.actor === 'admin')).toBe(true);
    expect(hostRows[0]?.input).toEqual({ bulkJob: id });
    const requests = await admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'bulk.start' });
    expect(requests.data?.rows.find((row) => row.result === 'ok')?.input).toMatchObject({
      action: 'power-off',
      filter,
      confirmedCount: names.length,
    });
  }, 90_000);

  it('cancel stops the hosts not yet started', async () => {
    const all = { search: namespace };
    const labels = { set: { 'bulk-test': 'cancel' } };
    const id = await start({ action: 'labels', labels, filter: all, confirmedCount: 8, options: slow });
    await until(id, (page) => page.job.tally.done >= 2);
    expect((await admin.mutate('bulk.cancel', { id })).error).toBeUndefined();
    const { job: ended, results } = await until(id, (page) => page.job.tally.pending === 0);
    expect(ended.state).toBe('cancelled');
    expect(ended.tally.cancelled).toBeGreaterThan(0);
    const cancelled = results.rows.filter((row) => row.outcome === 'cancelled');
    expect(cancelled[0]?.reason).toMatch(/^cancelled by admin before this host’s turn$/);
    for (const row of cancelled) {
      expect((await getHost(row.name)).metadata.labels?.['bulk-test']).toBeUndefined();
    }
    const again = await admin.mutate('bulk.cancel', { id });
    expect(again.error?.code).toBe('PRECONDITION_FAILED');
  }, 90_000);

  it('provisions every matching unleased machine into one cluster; one that stops matching is skipped', async () => {
    const run = randomBytes(3).toString('hex');
    const mac = (index: number) =>
      `02:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}:00:${index.toString(16).padStart(2, '0')}`;
    const macs = [1, 2, 3, 4, 5].map(mac);
    const serial = `bulk-${run}`;
    const sight = async (at: string, as: string) => {
      const reply = await bootRequest(`${server.url}/boot/ipxe?mac=${at}&serial=${as}`);
      expect(reply.status).toBe(200);
    };
    for (const at of macs) await sight(at, serial);
    await kubeRequestJson(kc, collectionPath(plunderClusterResource, namespace), {
      method: 'POST',
      // Three addresses for five machines: the fourth is refused by the pool, the fifth is skipped.
      body: {
        apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
        kind: 'PlunderCluster',
        metadata: { name: 'fleet', namespace },
        spec: { subnet: '10.77.0.0/24', ipPool: { start: '10.77.0.10', end: '10.77.0.12' } },
      },
    });
    const unleased = { search: serial, state: ['unleased'] };
    const target = {
      kind: 'hardware',
      action: 'provision',
      filter: unleased,
      provision: { namespace, cluster: 'fleet', profile: 'kickstart' },
    };
    await vi.waitFor(
      async () => {
        const preview = await admin.query<{ count: number }>('bulk.preview', target);
        expect(preview.data?.count, preview.error?.message).toBe(macs.length);
      },
      { timeout: 20_000, interval: 200 },
    );
    const missing = await admin.query('bulk.preview', {
      ...target,
      provision: { namespace, cluster: 'nowhere' },
    });
    expect(missing.error?.message).toBe(`No PlunderCluster nowhere in namespace ${namespace}`);

    const id = await start({ ...target, confirmedCount: macs.length, options: slow });
    await until(id, (page) => page.job.tally.done >= 1);
    await sight(mac(5), `moved-${run}`);
    const { job: ended, results } = await until(id, (page) => page.job.state === 'finished');
    expect(ended).toMatchObject({ action: 'provision', total: 5 });
    expect(ended.tally, JSON.stringify(results.rows)).toMatchObject({ done: 3, failed: 1, skipped: 1 });
    expect(results.rows.map((row) => [row.name, row.outcome, row.reason])).toEqual([
      [mac(1), 'done', `PlunderMachine ${namespace}/fleet-worker-${run.slice(4)}0001 at 10.77.0.10`],
      [mac(2), 'done', `PlunderMachine ${namespace}/fleet-worker-${run.slice(4)}0002 at 10.77.0.11`],
      [mac(3), 'done', `PlunderMachine ${namespace}/fleet-worker-${run.slice(4)}0003 at 10.77.0.12`],
      [mac(4), 'failed', 'The pool has 0 free address(es) for 1 machine(s)'],
      [mac(5), 'skipped', `no longer matches the filter: it no longer matches the search “${serial}”`],
    ]);
    const machines = await kubeRequestJson<{ items: PlunderMachine[] }>(
      kc,
      collectionPath(plunderMachineResource, namespace),
    );
    expect(machines.items.map((machine) => [machine.spec.macaddress, machine.spec.deploymentType])).toEqual([
      [mac(1), 'kickstart'],
      [mac(2), 'kickstart'],
      [mac(3), 'kickstart'],
    ]);

    const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'hardware.provision' });
    const rows = (audit.data?.rows ?? []).filter((row) => macs.includes(row.target ?? ''));
    expect(rows.map((row) => [row.target, row.result]).sort()).toEqual([
      [mac(1), 'ok'],
      [mac(2), 'ok'],
      [mac(3), 'ok'],
      [mac(4), 'refused'],
    ]);
    expect(rows[0]?.input).toMatchObject({ bulkJob: id, cluster: 'fleet' });
    const requests = await admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'bulk.start' });
    expect(requests.data?.rows.find((row) => row.result === 'ok')?.input).toMatchObject({
      kind: 'hardware',
      filter: unleased,
      confirmedCount: macs.length,
    });
  }, 90_000);

  it('a server that stops ends its running job as interrupted, keeping what was done', async () => {
    const all = { search: namespace };
    const labels = { set: { 'bulk-test': 'restart' } };
    const id = await start({ action: 'labels', labels, filter: all, confirmedCount: 8, options: slow });
    await until(id, (page) => page.job.tally.done >= 1);
    await server.stop();
    server = await startConsoleServer();
    admin = await signInAsAdmin(server.url);
    const { job: ended, results } = await job(id);
    expect(ended.state).toBe('interrupted');
    expect(ended.tally.done).toBeGreaterThanOrEqual(1);
    expect(ended.tally.pending).toBe(0);
    expect(ended.tally['not-run']).toBeGreaterThan(0);
    const done = results.rows.filter((row) => row.outcome === 'done');
    for (const row of done) {
      expect((await getHost(row.name)).metadata.labels?.['bulk-test']).toBe('restart');
    }
    const listed = await admin.query<BulkJobView[]>('bulk.list');
    expect(listed.data?.find((entry) => entry.id === id)?.state).toBe('interrupted');
  }, 120_000);
});
