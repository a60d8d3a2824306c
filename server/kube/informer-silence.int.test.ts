import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig, type V1ConfigMap } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { startFreezableProxy, type FreezableProxy } from '../../tools/testenv/freezable-proxy';
import { Informer } from './informer';
import type { ResourceDescriptor } from './resource';

const kc = new KubeConfig();
kc.loadFromDefault();
const core = kc.makeApiClient(CoreV1Api);
const namespace = `silence-${randomBytes(3).toString('hex')}`;
const configMaps: ResourceDescriptor = {
  group: '',
  version: 'v1',
  plural: 'configmaps',
  kind: 'ConfigMap',
  namespaced: true,
};
let proxy: FreezableProxy;

beforeAll(async () => {
  proxy = await startFreezableProxy(kc);
  await core.createNamespace({ body: { metadata: { name: namespace } } });
});

afterAll(async () => {
  await proxy.close();
  await core.deleteNamespace({ name: namespace });
});

describe('Informer on a watch that goes silent', () => {
  it('takes a stream that delivers nothing for its silence limit for dead and watches again', async () => {
    const informer = new Informer<V1ConfigMap>(proxy.kc, configMaps, { namespace, silenceMs: 3_000 });
    informer.start();
    try {
      await eventually(() => expect(informer.synced).toBe(true), 30_000);
      await core.createNamespacedConfigMap({ namespace, body: { metadata: { name: 'before' } } });
      await eventually(() => expect(informer.get('before', namespace)).toBeDefined(), 15_000);

      proxy.freeze();
      await core.createNamespacedConfigMap({ namespace, body: { metadata: { name: 'during' } } });
      // The frozen stream cannot carry it: only a new watch can.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(informer.get('during', namespace)).toBeUndefined();

      await eventually(() => expect(informer.get('during', namespace)).toBeDefined(), 45_000);
      expect(informer.lastError).toBe('watch went silent');
    } finally {
      informer.stop();
    }
  }, 90_000);
});
