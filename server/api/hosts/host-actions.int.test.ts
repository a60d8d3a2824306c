import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInAsAdmin, signInAsNew, type ConsoleClient } from '../../../tools/testenv/console-client';
import { AVAILABLE_STATUS, createHost as createTestHost } from '../../../tools/testenv/namespace-with-hosts';
import { startConsoleServer, type ServerProcess } from '../../../tools/testenv/server-process';
import { kubeRequestJson } from '../../kube/kube-request';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { AuditRow } from '../access/audit-query';
import type { EventView } from '../object-events';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `host-actions-${randomBytes(3).toString('hex')}`;
const hostsPath = `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`;
let server: ServerProcess;
let admin: ConsoleClient;
let viewer: ConsoleClient;

async function createHost(name: string, labels: Record<string, string> = {}) {
  await createTestHost(kc, namespace, { name, labels, spec: { online: true } }, AVAILABLE_STATUS);
}

const getHost = (name: string) => kubeRequestJson<BareMetalHost>(kc, `${hostsPath}/${name}`);

/** The console's informer has the host in the given state (the server checks actions against it). */
async function seen(name: string, check: (host: BareMetalHost) => boolean) {
  await vi.waitFor(
    async () => {
      const page = await admin.query<{ rows: { name: string; resourceVersion: string }[] }>('hosts.page', {
        search: name,
      });
      const host = await getHost(name);
      const row = page.data?.rows.find((candidate) => candidate.name === name);
      expect(row?.resourceVersion).toBe(host.metadata.resourceVersion);
      expect(check(host)).toBe(true);
    },
    { timeout: 20_000, interval: 200 },
  );
}

async function auditOf(action: string, target: string): Promise<AuditRow[]> {
  const page = await admin.query<{ rows: AuditRow[] }>('access.audit', { action });
  return (page.data?.rows ?? []).filter((row) => row.target === target);
}

beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  viewer = await signInAsNew(admin, `viewer-${randomBytes(3).toString('hex')}`, 'viewer');
  await Promise.all([
    createHost('h1'),
    createHost('h2'),
    createHost('claimed', { 'sip.airshipit.org/cluster-name': 't1' }),
  ]);
}, 120_000);

afterAll(async () => {
  await server.stop();
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

describe('host actions through the real server', () => {
  it('power off writes spec.online false, is audited, and a second power off is refused in words', async () => {
    await seen('h1', (host) => host.status?.poweredOn === true);
    const done = await admin.mutate('hosts.act', { namespace, name: 'h1', action: 'power-off' });
    expect(done.error).toBeUndefined();
    expect((await getHost('h1')).spec.online).toBe(false);
    expect(await auditOf('host.powerOff', `${namespace}/h1`)).toMatchObject([
      { result: 'ok', actor: 'admin' },
    ]);
    // On the host itself too, as its operator's events are: the host page reads who asked from it.
    const events = await admin.query<EventView[]>('hosts.events', { namespace, name: 'h1' });
    expect(events.data).toMatchObject([
      {
        type: 'Normal',
        reason: 'PowerOffRequested',
        action: 'PowerOff',
        source: 'rackpilot.io/console',
        actor: 'admin',
        note: 'Power off requested by admin from the console',
      },
    ]);

    await seen('h1', (host) => !host.spec.online);
    const again = await admin.mutate('hosts.act', { namespace, name: 'h1', action: 'power-off' });
    expect(again.error).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Power off is not possible for h1: it is already off or a power-off is pending',
    });
  });

  it('restart, detach and inspect each write their one annotation', async () => {
    await seen('h2', () => true);
    for (const action of ['restart', 'detach', 'inspect']) {
      expect((await admin.mutate('hosts.act', { namespace, name: 'h2', action })).error).toBeUndefined();
    }
    expect((await getHost('h2')).metadata.annotations).toEqual({
      'reboot.metal3.io': '',
      'baremetalhost.metal3.io/detached': '',
      'inspect.metal3.io': '',
    });
    await seen('h2', (host) => host.metadata.annotations?.['baremetalhost.metal3.io/detached'] !== undefined);
    expect(
      (await admin.mutate('hosts.act', { namespace, name: 'h2', action: 'attach' })).error,
    ).toBeUndefined();
    expect((await getHost('h2')).metadata.annotations?.['baremetalhost.metal3.io/detached']).toBeUndefined();
  });

  it('a viewer is refused, and the refusal is audited', async () => {
    const refused = await viewer.mutate('hosts.act', { namespace, name: 'h2', action: 'power-off' });
    expect(refused.error?.code).toBe('FORBIDDEN');
    expect((await getHost('h2')).spec.online).toBe(true);
    const rows = await auditOf('host.powerOff', `${namespace}/h2`);
    expect(rows.filter((row) => row.result === 'denied')).toHaveLength(1);
  });

  it('labels are written against the version edited: a stale version is a conflict in words', async () => {
    await seen('h2', () => true);
    const { resourceVersion = '' } = (await getHost('h2')).metadata;
    const labels = { 'rackpilot.io/rack': 'rack-9', extra: 'yes' };
    const saved = await admin.mutate('hosts.setLabels', {
      namespace,
      name: 'h2',
      resourceVersion,
      labels,
    });
    expect(saved.error).toBeUndefined();
    expect((await getHost('h2')).metadata.labels).toEqual(labels);
    const stale = await admin.mutate('hosts.setLabels', {
      namespace,
      name: 'h2',
      resourceVersion,
      labels: {},
    });
    expect(stale.error?.code).toBe('CONFLICT');
    expect(stale.error?.message).toMatch(/changed after you opened this dialog; nothing was written/);
    expect((await getHost('h2')).metadata.labels).toEqual(labels);
    const badKey = await admin.mutate('hosts.setLabels', {
      namespace,
      name: 'h2',
      resourceVersion,
      labels: { 'a b': 'c' },
    });
    expect(badKey.error?.code).toBe('BAD_REQUEST');
  });

  it('a claimed host is deleted only with its name typed', async () => {
    await seen('claimed', () => true);
    const untyped = await admin.mutate('hosts.delete', { namespace, name: 'claimed' });
    expect(untyped.error?.message).toMatch(/type its name to delete it/);
    const typed = await admin.mutate('hosts.delete', {
      namespace,
      name: 'claimed',
      confirmName: 'claimed',
    });
    expect(typed.error).toBeUndefined();
    await expect(getHost('claimed')).rejects.toMatchObject({ status: 404 });
  });
});
