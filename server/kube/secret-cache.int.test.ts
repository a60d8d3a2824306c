// Secrets are cached by metadata only (issues 16 item 6, 22 item 3): the cache carries no value, no
// managedFields and no last-applied copy; values are one GET away, held while their version stands.
import type { V1Secret } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { runtimeInformersFixture } from '../../tools/testenv/runtime-informers-fixture';
import { applyObject, deleteObject, mergePatch } from './apply';
import { kubeRequestJson, kubeRequestText } from './kube-request';
import { LAST_APPLIED_ANNOTATION } from './lean-object';
import { collectionPath, secretResource } from './resource';
import { secretValuesOf } from './runtime-informers';
import { NOT_FETCHED, secretReader, SecretValues } from './secret-values';

const fixture = runtimeInformersFixture('secret-cache');
const { kc, namespace } = fixture;

function text(secret: V1Secret | undefined, key: string): string | undefined {
  const value = secret?.data?.[key];
  return value === undefined ? undefined : Buffer.from(value, 'base64').toString('utf8');
}

async function createSecret(name: string, data: Record<string, string>): Promise<void> {
  // Server-side apply gives the object managedFields; the annotation is what `kubectl apply` adds.
  await applyObject(kc, secretResource, {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name,
      namespace,
      annotations: { [LAST_APPLIED_ANNOTATION]: JSON.stringify({ data }), kept: 'yes' },
    },
    type: 'Opaque',
    stringData: data,
  });
}

function cached(name: string): V1Secret | undefined {
  return fixture.informers.of(secretResource).get(name, namespace);
}

async function etcdSecretReads(): Promise<number> {
  const { text } = await kubeRequestText(kc, '/metrics');
  const line = /^etcd_request_duration_seconds_count\{[^}]*operation="get",resource="secrets"\} (\d+)/m.exec(
    text,
  );
  return Number(line?.[1] ?? 0);
}

describe('the Secret cache', () => {
  it('holds metadata only: no data, no stringData, no managedFields, no last-applied copy', async () => {
    await createSecret('bmc', { username: 'admin', password: 'cache-must-not-hold-this' });
    const secret = await eventually(() => {
      const found = cached('bmc');
      expect(found).toBeDefined();
      return found;
    }, 10_000);
    expect(secret?.kind).toBe('Secret');
    expect(secret?.apiVersion).toBe('v1');
    expect(secret?.metadata?.resourceVersion).toBeTruthy();
    expect(secret?.metadata?.annotations).toEqual({ kept: 'yes' });
    expect(secret?.metadata?.managedFields).toBeUndefined();
    expect(secret?.data).toBeUndefined();
    expect(secret?.stringData).toBeUndefined();
    expect(JSON.stringify(secret)).not.toContain(Buffer.from('cache-must-not-hold-this').toString('base64'));

    // Watched changes come in as metadata too.
    await mergePatch(kc, secretResource, namespace, 'bmc', { metadata: { labels: { watched: 'yes' } } });
    await eventually(() => {
      expect(cached('bmc')?.metadata?.labels).toEqual({ watched: 'yes' });
    }, 10_000);
    expect(cached('bmc')?.data).toBeUndefined();
    expect(cached('bmc')?.metadata?.managedFields).toBeUndefined();
  });

  it('gives a value by one GET, holds it while its version stands, and fetches again after a change', async () => {
    await createSecret('creds', { username: 'first' });
    await eventually(() => {
      expect(cached('creds')).toBeDefined();
    }, 10_000);
    const values = secretValuesOf(kc, fixture.informers);
    expect(values.peek(namespace, 'creds')).toBe(NOT_FETCHED);
    expect(text(await values.get(namespace, 'creds'), 'username')).toBe('first');
    expect(text(await values.get(namespace, 'creds'), 'username')).toBe('first');
    expect(values.fetches).toBe(1);
    // What is held is the value, never the metadata a planner does not read.
    const held = values.peek(namespace, 'creds');
    expect(held).not.toBe(NOT_FETCHED);
    expect((held as V1Secret).metadata?.annotations).toBeUndefined();

    const patched = await mergePatch<V1Secret>(kc, secretResource, namespace, 'creds', {
      data: { username: Buffer.from('second').toString('base64') },
    });
    // Asked for a value no older than the write, the API server's cache answers with the write.
    const fresh = await secretReader(kc)(namespace, 'creds', patched.metadata?.resourceVersion);
    expect(text(fresh, 'username')).toBe('second');
    await eventually(async () => {
      expect(text(await values.get(namespace, 'creds'), 'username')).toBe('second');
    }, 10_000);

    await deleteObject(kc, secretResource, namespace, 'creds');
    await eventually(async () => {
      expect(await values.get(namespace, 'creds')).toBeUndefined();
    }, 10_000);
    expect(values.size).toBe(0);
  });

  it("reads a value at a known version from the API server's cache, not from etcd", async () => {
    await createSecret('versioned', { key: 'v' });
    const version = await eventually(() => {
      const found = cached('versioned')?.metadata?.resourceVersion;
      expect(found).toBeDefined();
      return found;
    }, 10_000);
    const reader = secretReader(kc);
    const etcdReadsDuring = async (read: () => Promise<unknown>) => {
      const before = await etcdSecretReads();
      for (let i = 0; i < 50; i++) await read();
      return (await etcdSecretReads()) - before;
    };
    expect(await etcdReadsDuring(() => reader(namespace, 'versioned'))).toBeGreaterThanOrEqual(50);
    // Other test files share the API server and may read a few Secrets meanwhile, never 50.
    expect(await etcdReadsDuring(() => reader(namespace, 'versioned', version))).toBeLessThan(50);
  });

  it('holds at most its limit, the least recently read going first', async () => {
    await createSecret('one', { key: 'a' });
    await createSecret('two', { key: 'b' });
    await eventually(() => {
      expect(cached('one') && cached('two')).toBeDefined();
    }, 10_000);
    const metadata = fixture.informers.of(secretResource);
    const values = new SecretValues(secretReader(kc), (ns, name) => metadata.get(name, ns), {
      entries: 1,
      bytes: 1024,
    });
    expect(text(await values.get(namespace, 'one'), 'key')).toBe('a');
    expect(text(await values.get(namespace, 'two'), 'key')).toBe('b');
    expect(values.size).toBe(1);
    expect(values.evictions).toBe(1);
    expect(values.peek(namespace, 'one')).toBe(NOT_FETCHED);
  });

  it("reads a namespace's Secrets by one paged list the first time several are asked for", async () => {
    // More than one page of the list (250).
    const names = Array.from({ length: 260 }, (_, i) => `listed-${i}`);
    for (let i = 0; i < names.length; i += 20) {
      await Promise.all(names.slice(i, i + 20).map((name) => createSecret(name, { key: name })));
    }
    await eventually(() => {
      expect(names.every((name) => cached(name))).toBe(true);
    }, 20_000);
    const values = secretValuesOf(kc, fixture.informers);
    const found = await values.fetchAll(names.map((name) => [namespace, name]));
    expect(found.map((secret) => text(secret, 'key'))).toEqual(names);
    expect(values.lists).toBe(1);
    expect(values.fetches).toBe(0);
    await values.fetchAll([[namespace, 'no-such-secret']]);
    expect(values.lists).toBe(1);
    expect(values.fetches).toBe(1);
  });

  it('refuses a Secret whose answer exceeds the size bound, and reports a missing one as absent', async () => {
    const values = secretValuesOf(kc, fixture.informers);
    expect(await values.fetch(namespace, 'no-such-secret')).toBeUndefined();
    await kubeRequestJson(kc, collectionPath(secretResource, namespace), {
      method: 'POST',
      body: { metadata: { name: 'big' }, stringData: { blob: 'x'.repeat(900_000) } },
    });
    const tight = new SecretValues(secretReader(kc), () => undefined, { entries: 10, bytes: 100 });
    // Fetched and handed out, but larger than the whole budget: not held.
    expect(text(await tight.fetch(namespace, 'big'), 'blob')?.length).toBe(900_000);
    expect(tight.size).toBe(0);
  });
});
