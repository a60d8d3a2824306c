// The SIPCluster form's prerequisites made from the console, through tRPC on the real server: a new
// namespace and the jump host's SSH key Secret, audited by name, refused in words, never half-made.
import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, signInAsNew, type ConsoleClient } from '../../../tools/testenv/console-client';
import { type ServerProcess, startConsoleServer } from '../../../tools/testenv/server-process';
import { generateEd25519SshKey } from '../../lib/ssh-key-pair';
import { readOpenSshPrivateKey } from '../../schemas/openssh-private-key';
import type { AuditRow } from '../access/audit-query';
import type { CreateResult } from '../api-rejection';
import type { SshKeySecretResult } from './create-ssh-key-secret.handler';

const kc = new KubeConfig();
kc.loadFromDefault();
const core = kc.makeApiClient(CoreV1Api);
const suffix = randomBytes(3).toString('hex');
const namespace = `prereq-${suffix}`;
let server: ServerProcess;
let admin: ConsoleClient;
let viewer: ConsoleClient;

async function auditOf(action: string, target: string): Promise<AuditRow[]> {
  const page = await admin.query<{ rows: AuditRow[] }>('access.audit', { action });
  return (page.data?.rows ?? []).filter((row) => row.target === target);
}

async function namespaceExists(name: string): Promise<boolean> {
  return core.readNamespace({ name }).then(
    () => true,
    () => false,
  );
}

async function secretNames(): Promise<string[]> {
  const list = await core.listNamespacedSecret({ namespace });
  return list.items.map((secret) => secret.metadata?.name ?? '');
}

beforeAll(async () => {
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  viewer = await signInAsNew(admin, `viewer-${suffix}`, 'viewer');
}, 120_000);

afterAll(async () => {
  await server.stop();
  await core.deleteNamespace({ name: namespace }).catch(() => undefined);
});

describe('namespaces.create', () => {
  it('creates the namespace, labelled as the console made it, and audits it by name', async () => {
    const created = await admin.mutate<CreateResult>('namespaces.create', { name: namespace });
    expect(created.data).toEqual({ status: 'created', namespace: '', name: namespace });
    const stored = await core.readNamespace({ name: namespace });
    expect(stored.metadata?.labels).toMatchObject({ 'rackpilot.io/created-by': 'console' });
    expect((await admin.query<string[]>('namespaces.list')).data).toContain(namespace);
    expect(await auditOf('namespaces.create', namespace)).toMatchObject([{ result: 'ok', actor: 'admin' }]);
  });

  it('refuses an existing namespace in words, and audits the refusal as refused', async () => {
    const again = await admin.mutate<CreateResult>('namespaces.create', { name: namespace });
    expect(again.data).toEqual({
      status: 'rejected',
      message: `Namespace ${namespace} already exists`,
      fieldErrors: { name: `Namespace ${namespace} already exists` },
    });
    const rows = await auditOf('namespaces.create', namespace);
    expect(rows.map((row) => row.result).sort()).toEqual(['ok', 'refused']);
  });

  it('refuses a name that is not a DNS-1123 label at the edge, creating nothing', async () => {
    const bad = `Bad_${suffix}`;
    const refused = await admin.mutate('namespaces.create', { name: bad });
    expect(refused.error?.code).toBe('BAD_REQUEST');
    expect(refused.error?.message).toMatch(/Lower-case letters/);
    expect(await namespaceExists(bad.toLowerCase())).toBe(false);
  });

  it('refuses a viewer', async () => {
    const name = `viewer-made-${suffix}`;
    const refused = await viewer.mutate('namespaces.create', { name });
    expect(refused.error?.code).toBe('FORBIDDEN');
    expect(await namespaceExists(name)).toBe(false);
  });
});

describe('clusters.createSshKeySecret', () => {
  it('generates a key: the Secret holds its private half as id_ed25519, the answer only the public half', async () => {
    const created = await admin.mutate<SshKeySecretResult>('clusters.createSshKeySecret', {
      namespace,
      name: 'sub1-ssh-keys',
      source: 'generate',
      privateKey: '',
    });
    expect(created.data).toMatchObject({
      status: 'created',
      namespace,
      name: 'sub1-ssh-keys',
      keyFile: 'id_ed25519',
      publicKey: expect.stringMatching(/^ssh-ed25519 AAAA\S+ jump-host@prereq-/) as string,
    });
    expect(JSON.stringify(created.data)).not.toContain('PRIVATE KEY');
    const secret = await core.readNamespacedSecret({ namespace, name: 'sub1-ssh-keys' });
    expect(secret.metadata?.labels).toMatchObject({ 'rackpilot.io/created-by': 'console' });
    expect(Object.keys(secret.data ?? {})).toEqual(['id_ed25519']);
    const stored = Buffer.from(secret.data?.id_ed25519 ?? '', 'base64').toString('utf8');
    const reading = readOpenSshPrivateKey(stored);
    expect(
      reading.ok &&
        created.data?.status === 'created' &&
        created.data.publicKey.startsWith(reading.publicKey),
    ).toBe(true);
    // The picker of the form lists it.
    const names = await admin.query<string[]>('clusters.secretNames', { namespace });
    expect(names.data).toContain('sub1-ssh-keys');
    const rows = await auditOf('clusters.createSshKeySecret', `${namespace}/sub1-ssh-keys`);
    expect(rows).toMatchObject([{ result: 'ok' }]);
    expect(JSON.stringify(rows)).not.toContain('PRIVATE KEY');
  });

  it('stores a pasted key as it is, under its type, and never writes it to the audit', async () => {
    const pair = generateEd25519SshKey('pasted@example');
    const created = await admin.mutate<SshKeySecretResult>('clusters.createSshKeySecret', {
      namespace,
      name: 'pasted-keys',
      source: 'paste',
      privateKey: pair.privateKey,
    });
    expect(created.data).toMatchObject({ status: 'created', keyFile: 'id_ed25519' });
    const secret = await core.readNamespacedSecret({ namespace, name: 'pasted-keys' });
    expect(Buffer.from(secret.data?.id_ed25519 ?? '', 'base64').toString('utf8')).toBe(pair.privateKey);
    const rows = await auditOf('clusters.createSshKeySecret', `${namespace}/pasted-keys`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(pair.privateKey.split('\n')[1] ?? 'unreachable');
  });

  it('refuses a name in use, a missing namespace and a bad key, leaving nothing behind', async () => {
    const before = await secretNames();
    const taken = await admin.mutate<SshKeySecretResult>('clusters.createSshKeySecret', {
      namespace,
      name: 'sub1-ssh-keys',
      source: 'generate',
      privateKey: '',
    });
    expect(taken.data).toMatchObject({
      status: 'rejected',
      fieldErrors: { name: `A Secret named sub1-ssh-keys already exists in namespace ${namespace}` },
    });
    expect(await auditOf('clusters.createSshKeySecret', `${namespace}/sub1-ssh-keys`)).toHaveLength(2);

    const elsewhere = `missing-${suffix}`;
    const missing = await admin.mutate<SshKeySecretResult>('clusters.createSshKeySecret', {
      namespace: elsewhere,
      name: 'keys',
      source: 'generate',
      privateKey: '',
    });
    expect(missing.data).toMatchObject({
      status: 'rejected',
      message: `Namespace ${elsewhere} does not exist`,
    });
    expect(await namespaceExists(elsewhere)).toBe(false);

    const badKey = await admin.mutate('clusters.createSshKeySecret', {
      namespace,
      name: 'bad-keys',
      source: 'paste',
      privateKey: pairPublicKey(),
    });
    expect(badKey.error?.code).toBe('BAD_REQUEST');
    expect(badKey.error?.message).toMatch(/Paste the whole key/);

    const viewerTry = await viewer.mutate('clusters.createSshKeySecret', {
      namespace,
      name: 'viewer-keys',
      source: 'generate',
      privateKey: '',
    });
    expect(viewerTry.error?.code).toBe('FORBIDDEN');
    expect(await secretNames()).toEqual(before);
  });
});

function pairPublicKey(): string {
  return generateEd25519SshKey('public@example').publicKey;
}
