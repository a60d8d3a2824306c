import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import {
  kubeGetJson,
  kubeRequestJson,
  KubeRequestError,
  observeKubeRequests,
  type ObservedKubeRequest,
} from './kube-request';

/** A KubeConfig of its own per test: observers are kept per KubeConfig. */
function observedConfig(): { kc: KubeConfig; seen: ObservedKubeRequest[] } {
  const kc = new KubeConfig();
  kc.loadFromDefault();
  const seen: ObservedKubeRequest[] = [];
  observeKubeRequests(kc, (request) => seen.push(request));
  return { kc, seen };
}

describe('observeKubeRequests', () => {
  it('tells the method, the resource, the time to the answer and the status of each request', async () => {
    const { kc, seen } = observedConfig();
    const started = performance.now();
    await kubeGetJson(kc, '/version');
    await kubeGetJson(kc, '/api/v1/namespaces/kube-system/configmaps', { limit: 1 });
    const elapsed = (performance.now() - started) / 1000;
    expect(seen.map(({ method, resource, status }) => [method, resource, status])).toEqual([
      ['GET', 'none', 200],
      ['GET', 'configmaps', 200],
    ]);
    for (const { seconds } of seen) {
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(elapsed);
    }
  });

  it('tells a refused request with its status, and the caller still gets the error', async () => {
    const { kc, seen } = observedConfig();
    const missing = kubeRequestJson(kc, '/api/v1/namespaces/kube-system/configmaps/no-such-map', {
      method: 'DELETE',
    });
    await expect(missing).rejects.toMatchObject({ status: 404 });
    expect(seen.map(({ method, resource, status }) => [method, resource, status])).toEqual([
      ['DELETE', 'configmaps', 404],
    ]);
  });

  it('tells a request that got no answer as status 0', async () => {
    const { kc, seen } = observedConfig();
    const cluster = kc.getCurrentCluster();
    if (!cluster) throw new Error('the test cluster has no current cluster');
    // A port nothing listens on: the connection is refused at once.
    kc.clusters = kc.clusters.map((c) =>
      c.name === cluster.name ? { ...c, server: 'https://127.0.0.1:1' } : c,
    );
    await expect(kubeGetJson(kc, '/version', {}, 5_000)).rejects.toBeInstanceOf(KubeRequestError);
    expect(seen.map(({ method, status }) => [method, status])).toEqual([['GET', 0]]);
  });

  it('leaves requests made with another KubeConfig alone', async () => {
    const { seen } = observedConfig();
    const other = new KubeConfig();
    other.loadFromDefault();
    await kubeGetJson(other, '/version');
    expect(seen).toEqual([]);
  });
});
