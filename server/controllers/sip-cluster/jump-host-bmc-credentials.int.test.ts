// The jump host's hosts file on the real API server: BMC passwords by default, none when the SIPCluster
// asks to leave them out (docs/security.md, finding 21).
import type { V1Secret } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../tools/testenv/eventually';
import type { ControllerHarness } from '../../../tools/testenv/controller-harness';
import { kubeGetJson, kubeRequestJson } from '../../kube/kube-request';
import { collectionPath, secretResource } from '../../kube/resource';
import { sipClusterResource } from '../../types/crds';
import {
  cluster,
  create,
  kc,
  namespace,
  readyOf,
  remove,
  sipCluster,
  startSipLab,
  stopSipLab,
} from '../../../tools/testenv/sip-lab-namespace';
import { startConsoleServer, TEST_ADMIN_PASSWORD } from '../../../tools/testenv/server-process';
import { jumpHostCredentialsProbe } from '../../../tools/probe/finding-21-jump-host-credentials';
import { JUMP_HOST_BMC_CREDENTIALS_ANNOTATION } from './jump-host-bmc-mode';

let harness: ControllerHarness;

beforeAll(async () => {
  harness = await startSipLab();
}, 120_000);

afterAll(() => stopSipLab(harness));

/** Every Secret and ConfigMap value the jump host `name` mounts, decoded, joined. */
async function jumpHostFiles(name: string): Promise<string> {
  const secret = await kubeGetJson<V1Secret>(
    kc,
    `${collectionPath(secretResource, namespace)}/jumphost-${name}`,
  );
  const configMap = await kubeGetJson<{ data?: Record<string, string> }>(
    kc,
    `/api/v1/namespaces/${namespace}/configmaps/jumphost-${name}`,
  );
  return [
    ...Object.values(secret.data ?? {}).map((value) => Buffer.from(value, 'base64').toString()),
    ...Object.values(configMap.data ?? {}),
  ].join('\n');
}

/** Every BMC password of the lab's hosts: the values of the namespace's `password` keys. */
async function bmcPasswords(): Promise<string[]> {
  const list = await kubeGetJson<{ items: V1Secret[] }>(kc, collectionPath(secretResource, namespace));
  return list.items
    .map((secret) => Buffer.from(secret.data?.password ?? '', 'base64').toString())
    .filter((password) => password !== '');
}

describe('SIPCluster jump host BMC credentials', () => {
  it('hands the jump host the BMC passwords by default, as upstream, and none with the annotation', async () => {
    const omitted = sipCluster('no-bmc', { cp: [1, 0], workers: 1, portBase: 30060 });
    omitted.metadata.annotations = { [JUMP_HOST_BMC_CREDENTIALS_ANNOTATION]: 'omit' };
    await create(sipCluster('with-bmc', { cp: [1, 0], workers: 1, portBase: 30070 }));
    await create(omitted);
    await eventually(async () => {
      for (const name of ['with-bmc', 'no-bmc']) {
        const ready = readyOf(await cluster(name));
        expect(ready?.status, `${name}: ${ready?.message ?? ''}`).toBe('True');
      }
    });

    const passwords = await bmcPasswords();
    expect(passwords.length).toBeGreaterThan(0);
    const withCredentials = await jumpHostFiles('with-bmc');
    expect(passwords.filter((password) => withCredentials.includes(password)).length).toBeGreaterThan(0);
    const withoutCredentials = await jumpHostFiles('no-bmc');
    expect(passwords.filter((password) => withoutCredentials.includes(password))).toEqual([]);
    expect(withoutCredentials).not.toMatch(/"password"|"username"/);
    // The hosts are still listed with their BMC addresses, for `host list`.
    expect(withoutCredentials).toMatch(/"bmc":\{"ip":"[^"]+"\}/);

    // Annotating a running cluster takes the passwords off its jump host too.
    await kubeRequestJson(kc, `${collectionPath(sipClusterResource, namespace)}/with-bmc`, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: { metadata: { annotations: { [JUMP_HOST_BMC_CREDENTIALS_ANNOTATION]: 'omit' } } },
    });
    await eventually(async () => {
      const files = await jumpHostFiles('with-bmc');
      expect(passwords.filter((password) => files.includes(password))).toEqual([]);
    });

    await Promise.all([remove('with-bmc'), remove('no-bmc')]);
    await eventually(async () => {
      expect(await cluster('with-bmc')).toBeUndefined();
      expect(await cluster('no-bmc')).toBeUndefined();
    });
  });

  it('the probe holds against the console: the create form knows the option', async () => {
    const server = await startConsoleServer();
    try {
      const outcome = await jumpHostCredentialsProbe.run(
        { url: server.url, credentials: { username: 'admin', password: TEST_ADMIN_PASSWORD } },
        AbortSignal.timeout(60_000),
      );
      expect(outcome, outcome.detail).toMatchObject({ held: true });
    } finally {
      await server.stop();
    }
  });
});
