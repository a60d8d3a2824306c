// The create form's Secret check answers from the server's Secret cache when it can, and asks the API
// server only for a name the cache does not hold.
import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../tools/testenv/eventually';
import { applyObject, deleteObject } from '../../kube/apply';
import type { InformerSet } from '../../kube/informer-set';
import { namespaceResource, secretResource } from '../../kube/resource';
import { runtimeInformers } from '../../kube/runtime-informers';
import { secretExists } from './object-names';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `secret-exists-${randomBytes(3).toString('hex')}`;
let informers: InformerSet;

/** A kubeconfig whose API server nobody answers: any request through it fails. */
function unreachable(): KubeConfig {
  const config = new KubeConfig();
  config.loadFromOptions({
    clusters: [{ name: 'none', server: 'http://127.0.0.1:9', skipTLSVerify: true }],
    users: [{ name: 'none' }],
    contexts: [{ name: 'none', cluster: 'none', user: 'none' }],
    currentContext: 'none',
  });
  return config;
}

function createSecret(name: string) {
  return applyObject(kc, secretResource, {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace },
    stringData: { key: 'value' },
  });
}

beforeAll(async () => {
  await applyObject(kc, namespaceResource, {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: namespace },
  });
  informers = runtimeInformers(kc, [], [], () => undefined);
  informers.start();
  await informers.waitForSync(30_000);
});

afterAll(async () => {
  informers.stop();
  await deleteObject(kc, namespaceResource, undefined, namespace);
});

describe('secretExists', () => {
  it('answers from the cache without a request once the Secret is cached', async () => {
    await createSecret('cached-keys');
    await eventually(() => expect(informers.informer('Secret').get('cached-keys', namespace)).toBeDefined());
    expect(await secretExists(unreachable(), informers, namespace, 'cached-keys')).toBe(true);
  });

  it('asks the API server for a name the cache does not hold', async () => {
    await expect(secretExists(unreachable(), informers, namespace, 'missing')).rejects.toThrow();
    expect(await secretExists(kc, informers, namespace, 'missing')).toBe(false);
  });

  it('finds a Secret created a moment ago, cached or not', async () => {
    await createSecret('just-made');
    expect(await secretExists(kc, informers, namespace, 'just-made')).toBe(true);
  });
});
