import { randomBytes } from 'node:crypto';
import { KubeConfig, type V1ObjectMeta, type V1Secret } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Informer } from '../../server/kube/informer';
import { kubeGetJson, kubeRequestJson } from '../../server/kube/kube-request';
import { SIP_CLUSTER_NAME_LABEL } from '../../server/schemas/host-labels';
import { bareMetalHostResource, type BareMetalHost } from '../../server/types/crds/bare-metal-host';
import { eventually } from '../testenv/eventually';
import { LAB_SSH_KEYS_SECRET } from './lab-hosts';
import { LAB_FIELD_MANAGER, seedLab } from './seed-lab';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `lab-${randomBytes(3).toString('hex')}`;
const hostsPath = `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`;
const secretsPath = `/api/v1/namespaces/${namespace}/secrets`;
const lines: string[] = [];

interface List<T> {
  items: T[];
}

async function listHosts(): Promise<BareMetalHost[]> {
  return (await kubeGetJson<List<BareMetalHost>>(kc, hostsPath)).items;
}

async function versions(): Promise<Map<string, string>> {
  const [hosts, secrets] = await Promise.all([
    listHosts(),
    kubeGetJson<List<V1Secret>>(kc, secretsPath).then((list) => list.items),
  ]);
  const entries = (kind: string, items: { metadata?: V1ObjectMeta }[]) =>
    items.map((item): [string, string] => [
      `${kind}/${item.metadata?.name ?? ''}`,
      item.metadata?.resourceVersion ?? '',
    ]);
  return new Map([...entries('bmh', hosts), ...entries('secret', secrets)]);
}

beforeAll(async () => {
  const result = await seedLab(kc, { namespace, log: (line) => lines.push(line) });
  expect(result.hosts).toBe(24);
});

afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

describe('seedLab against the API server', () => {
  it('creates the namespace, 24 hosts with statuses and their secrets', async () => {
    expect(lines.at(-1)).toMatch(new RegExp(`24 hosts seeded in namespace ${namespace}`));

    const hosts = await listHosts();
    expect(hosts).toHaveLength(24);
    const states = hosts.map((host) => host.status?.provisioning?.state);
    expect(states.filter((state) => state === 'available')).toHaveLength(21);
    expect(states.filter((state) => state === 'provisioned')).toHaveLength(2);
    expect(states.filter((state) => state === 'inspecting')).toHaveLength(1);
    const broken = hosts.filter((host) => host.status?.operationalStatus === 'error');
    expect(broken.map((host) => host.status?.errorType)).toEqual(['power management error']);
    expect(hosts.filter((host) => host.status?.operationalStatus === 'OK')).toHaveLength(23);
    expect(hosts.filter((host) => host.status?.poweredOn === false).map((host) => host.spec.online)).toEqual([
      false,
    ]);

    const secrets = (await kubeGetJson<List<V1Secret>>(kc, secretsPath)).items;
    const byName = new Map(secrets.map((secret) => [secret.metadata?.name, secret]));
    const created = (
      await kubeGetJson<{ metadata: { creationTimestamp: string } }>(kc, `/api/v1/namespaces/${namespace}`)
    ).metadata.creationTimestamp;
    for (const host of hosts) {
      const name = host.metadata.name ?? '';
      const credentials = byName.get(`${name}-bmc-secret`);
      expect(credentials?.data?.username, name).toBeTruthy();
      expect(credentials?.data?.password, name).toBeTruthy();
      expect(byName.get(`${name}-network-data`)?.data?.networkData, name).toBeTruthy();
      expect(host.status?.goodCredentials).toEqual({
        credentials: { name: `${name}-bmc-secret`, namespace },
        credentialsVersion: credentials?.metadata?.resourceVersion,
      });
      if (host.status?.provisioning?.state !== 'inspecting') {
        expect(host.status?.hardware?.nics?.length, name).toBeGreaterThan(0);
        expect(host.status?.hardware?.storage?.length, name).toBeGreaterThan(0);
      }
      // History lies before the namespace was created (the lab's epoch).
      expect(host.status?.lastUpdated && host.status.lastUpdated <= created).toBe(true);
    }
    const keys = byName.get(LAB_SSH_KEYS_SECRET);
    expect(Buffer.from(keys?.data?.id_ed25519 ?? '', 'base64').toString()).toMatch(
      /^-----BEGIN OPENSSH PRIVATE KEY-----\n/,
    );

    // Spec and status are both owned by the lab's field manager.
    const managers = hosts[0]?.metadata.managedFields?.filter((entry) => entry.manager === LAB_FIELD_MANAGER);
    expect(managers?.map((entry) => entry.subresource ?? '').sort()).toEqual(['', 'status']);
  });

  it('changes nothing when seeded again with the same content', async () => {
    const before = await versions();
    expect(before.size).toBe(24 + 24 * 2 + 1);
    await seedLab(kc, { namespace });
    expect(await versions()).toEqual(before);
  });

  it('keeps a label another field manager (SIP) added when seeding again', async () => {
    const name = 'r1-cp-01';
    await kubeRequestJson(kc, `${hostsPath}/${name}`, {
      method: 'PATCH',
      query: { fieldManager: 'sip-simulator' },
      contentType: 'application/merge-patch+json',
      body: { metadata: { labels: { [SIP_CLUSTER_NAME_LABEL]: 'tenant-a' } } },
    });
    const before = await versions();
    await seedLab(kc, { namespace });
    const host = await kubeGetJson<BareMetalHost>(kc, `${hostsPath}/${name}`);
    expect(host.metadata.labels?.[SIP_CLUSTER_NAME_LABEL]).toBe('tenant-a');
    expect(host.metadata.labels?.['rackpilot.io/rack']).toBe('rack-1');
    expect(await versions()).toEqual(before);
  });

  it('puts back what the lab owns when it drifted', async () => {
    const name = 'r2-cp-02';
    await kubeRequestJson(kc, `${hostsPath}/${name}/status`, {
      method: 'PATCH',
      query: { fieldManager: 'someone-else' },
      contentType: 'application/merge-patch+json',
      body: { status: { poweredOn: false } },
    });
    await seedLab(kc, { namespace });
    const host = await kubeGetJson<BareMetalHost>(kc, `${hostsPath}/${name}`);
    expect(host.status?.poweredOn).toBe(true);
  });
});

describe('seedLab with progression on a fresh namespace', () => {
  const fresh = `lab-${randomBytes(3).toString('hex')}`;
  const freshHosts = `/apis/metal3.io/v1alpha1/namespaces/${fresh}/baremetalhosts`;

  afterAll(async () => {
    await kubeRequestJson(kc, `/api/v1/namespaces/${fresh}`, { method: 'DELETE' });
  });

  it('walks new hosts through registering and inspecting to their final status, once', async () => {
    // Every change of one host, from a watch opened before seeding (sampling could miss a short step).
    const seen = new Set<string>();
    const watch = new Informer<BareMetalHost>(kc, bareMetalHostResource, { namespace: fresh });
    const record = (host: BareMetalHost) => {
      const state = host.status?.provisioning?.state;
      if (host.metadata.name === 'r1-cp-01' && state)
        seen.add(`${state}:${String(host.status?.poweredOn)}:${String(Boolean(host.status?.hardware))}`);
    };
    watch.on('add', record);
    watch.on('update', record);
    watch.start();
    const controller = new AbortController();
    try {
      // Listed before the first write, so the first state arrives as an event too.
      await eventually(() => expect(watch.synced).toBe(true), 10_000);
      const result = await seedLab(kc, {
        namespace: fresh,
        progress: { stepMs: 400, staggerMs: 10, signal: controller.signal },
      });
      // The two hosts seeded as provisioned and the returned one are adopted as they are.
      expect(result.progressing).toBe(21);
      await result.settled;
      await eventually(() => expect(seen.size).toBe(3), 10_000);
    } finally {
      watch.stop();
    }
    expect([...seen]).toEqual(['registering:false:false', 'inspecting:true:false', 'available:true:true']);
    const hosts = (await kubeGetJson<List<BareMetalHost>>(kc, freshHosts)).items;
    const states = hosts.map((host) => host.status?.provisioning?.state);
    expect(states.filter((state) => state === 'available')).toHaveLength(21);
    expect(states.filter((state) => state === 'inspecting')).toHaveLength(1);

    const before = await kubeGetJson<List<BareMetalHost>>(kc, freshHosts);
    const again = await seedLab(kc, { namespace: fresh, progress: { stepMs: 400, staggerMs: 10 } });
    expect(again.progressing).toBe(0);
    const after = await kubeGetJson<List<BareMetalHost>>(kc, freshHosts);
    expect(after.items.map((h) => h.metadata.resourceVersion)).toEqual(
      before.items.map((h) => h.metadata.resourceVersion),
    );
  });
});
