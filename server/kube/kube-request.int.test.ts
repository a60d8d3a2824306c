import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { kubeGetJson, kubeRequestJson, KubeRequestError, observeKubeRequests } from './kube-request';

/** A KubeConfig of its own per test: observers are kept per KubeConfig. */
function observedConfig(): { kc: KubeConfig; seen: [string, number, number][] } {
  const kc = new KubeConfig();
  kc.loadFromDefault();
  const seen: [string, number, number][] = [];
  observeKubeRequests(kc, (method, seconds, status) => seen.push([method, seconds, status]));
  return { kc, seen };
}

describe('observeKubeRequests', () => {
  it('tells the method, the time to the answer and the status of each request', async () => {
    const { kc, seen } = observedConfig();
    const started = performance.now();
    await kubeGetJson(kc, '/version');
    const elapsed = (performance.now() - started) / 1000;
    expect(seen).toHaveLength(1);
    const [method, seconds, status] = seen[0] ?? [];
    expect([method, status]).toEqual(['GET', 200]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(elapsed);
  });

  it('tells a refused request with its status, and the caller still gets the error', async () => {
    const { kc, seen } = observedConfig();
    const missing = kubeRequestJson(kc, '/api/v1/namespaces/kube-system/configmaps/no-such-map', {
      method: 'DELETE',
    });
    await expect(missing).rejects.toMatchObject({ status: 404 });
    expect(seen.map(([method, , status]) => [method, status])).toEqual([['DELETE', 404]]);
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
    expect(seen.map(([method, , status]) => [method, status])).toEqual([['GET', 0]]);
  });

  it('leaves requests made with another KubeConfig alone', async () => {
    const { seen } = observedConfig();
    const other = new KubeConfig();
    other.loadFromDefault();
    await kubeGetJson(other, '/version');
    expect(seen).toEqual([]);
  });
});
