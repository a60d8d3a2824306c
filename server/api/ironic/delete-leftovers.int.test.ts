// The delete paths of the Ironic pages through the real server: an IronicDatabase is refused while an
// Ironic uses it, an Ironic's delete removes its IronicDatabase and TLS Secret only when asked and
// only what nothing else uses, and every call is audited as it went.
import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, type ConsoleClient } from '../../../tools/testenv/console-client';
import { eventually } from '../../../tools/testenv/eventually';
import { type ServerProcess, startConsoleServer } from '../../../tools/testenv/server-process';
import { kubeGetJson, kubeRequestJson } from '../../kube/kube-request';
import { collectionPath, secretResource } from '../../kube/resource';
import { ironicDatabaseResource, ironicResource } from '../../types/crds';
import type { AuditRow } from '../access/audit-query';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `ironic-del-${randomBytes(3).toString('hex')}`;
let server: ServerProcess;
let admin: ConsoleClient;

const names = async (path: string) =>
  (await kubeGetJson<{ items: { metadata: { name?: string } }[] }>(kc, path)).items.map(
    (item) => item.metadata.name,
  );
const ironicNames = () => names(collectionPath(ironicResource, namespace));
const databaseNames = () => names(collectionPath(ironicDatabaseResource, namespace));
const secretNames = async () =>
  (await names(collectionPath(secretResource, namespace))).filter((name) => name?.endsWith('-tls'));

async function create(path: string, body: Record<string, unknown>): Promise<void> {
  await kubeRequestJson(kc, path, { method: 'POST', body });
}

async function results(action: string, target: string): Promise<string[]> {
  const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', { action });
  return (audit.data?.rows ?? [])
    .filter((row) => row.target === `${namespace}/${target}`)
    .reverse()
    .map((row) => row.result);
}

beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  await create(collectionPath(secretResource, namespace), {
    metadata: { name: 'a-tls' },
    type: 'kubernetes.io/tls',
    stringData: { 'tls.crt': 'crt', 'tls.key': 'key' },
  });
  for (const name of ['db', 'spare']) {
    await create(collectionPath(ironicDatabaseResource, namespace), {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'IronicDatabase',
      metadata: { name },
      spec: {},
    });
  }
  for (const [name, spec] of [
    ['a', { databaseRef: { name: 'db' }, tlsRef: { name: 'a-tls' } }],
    ['b', { databaseRef: { name: 'db' } }],
  ] as const) {
    await create(collectionPath(ironicResource, namespace), {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'Ironic',
      metadata: { name },
      spec,
    });
  }
  // Started after the objects exist: its caches hold them before it answers. No controllers: no
  // finalizers, so a delete is done when the API server answers.
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
});

afterAll(async () => {
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
  await server.stop();
});

describe('IronicDatabases and what an Ironic leaves', () => {
  it('refuses to delete an IronicDatabase an Ironic uses, naming the Ironics', async () => {
    const refused = await admin.mutate('ironic.deleteDatabase', { namespace, name: 'db' });
    expect(refused.error).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: `IronicDatabase ${namespace}/db is used by Ironic ${namespace}/a, Ironic ${namespace}/b: delete those Ironics first`,
    });
    expect(await databaseNames()).toEqual(['db', 'spare']);
    const unused = await admin.mutate('ironic.deleteDatabase', { namespace, name: 'spare' });
    expect(unused.data).toEqual({ status: 'deleting' });
    await eventually(async () => {
      expect(await databaseNames()).toEqual(['db']);
    });
  });

  it('removes with an Ironic its TLS Secret, and keeps the IronicDatabase another Ironic uses', async () => {
    const deleted = await admin.mutate('ironic.delete', { namespace, name: 'a', alsoRemove: true });
    expect(deleted.data).toEqual({ status: 'deleting', removed: [`Secret ${namespace}/a-tls`] });
    await eventually(async () => {
      expect(await ironicNames()).toEqual(['b']);
      expect(await secretNames()).toEqual([]);
    });
    expect(await databaseNames()).toEqual(['db']);
  });

  it('leaves the IronicDatabase unless asked, and removes it with its last user when asked', async () => {
    await eventually(async () => {
      const refused = await admin.mutate('ironic.deleteDatabase', { namespace, name: 'db' });
      expect(refused.error?.message).toBe(
        `IronicDatabase ${namespace}/db is used by Ironic ${namespace}/b: delete that Ironic first`,
      );
    });
    const deleted = await admin.mutate('ironic.delete', { namespace, name: 'b', alsoRemove: true });
    expect(deleted.data).toEqual({ status: 'deleting', removed: [`IronicDatabase ${namespace}/db`] });
    await eventually(async () => {
      expect(await ironicNames()).toEqual([]);
      expect(await databaseNames()).toEqual([]);
    });
  });

  it('audits each call as it went', async () => {
    // Refused at least twice (once per test above), never done: the Ironic's delete removed it.
    const db = await results('ironic.deleteDatabase', 'db');
    expect(db.length).toBeGreaterThanOrEqual(2);
    expect(db).not.toContain('ok');
    expect(await results('ironic.deleteDatabase', 'spare')).toEqual(['ok']);
    expect(await results('ironic.delete', 'a')).toEqual(['ok']);
  });
});
