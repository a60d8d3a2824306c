// The create form's Secret check answers from the server's Secret cache when it can, and asks the API
// server only for a name the cache does not hold.
import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../tools/testenv/eventually';
import { runtimeInformersFixture } from '../../../tools/testenv/runtime-informers-fixture';
import { applyObject } from '../../kube/apply';
import { secretResource } from '../../kube/resource';
import { secretExists } from '../object-names';

const fixture = runtimeInformersFixture('secret-exists');
const { kc, namespace } = fixture;

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

describe('secretExists', () => {
  it('answers from the cache without a request once the Secret is cached', async () => {
    await createSecret('cached-keys');
    await eventually(() =>
      expect(fixture.informers.of(secretResource).get('cached-keys', namespace)).toBeDefined(),
    );
    expect(await secretExists(unreachable(), fixture.informers, namespace, 'cached-keys')).toBe(true);
  });

  it('asks the API server for a name the cache does not hold', async () => {
    await expect(secretExists(unreachable(), fixture.informers, namespace, 'missing')).rejects.toThrow();
    expect(await secretExists(kc, fixture.informers, namespace, 'missing')).toBe(false);
  });

  it('finds a Secret created a moment ago, cached or not', async () => {
    await createSecret('just-made');
    expect(await secretExists(kc, fixture.informers, namespace, 'just-made')).toBe(true);
  });
});
