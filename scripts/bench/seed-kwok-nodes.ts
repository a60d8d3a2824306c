// Simulated nodes for the benchmarks whose workloads need more nodes than the local cluster's few.
import type { KubeConfig, V1Node } from '@kubernetes/client-node';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath, nodeResource } from '../../server/kube/resource';
import { benchLog as log, inBatches } from './throwaway-cluster';

const isNodeReady = (node: V1Node) =>
  node.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;

/** Creates `nodes` (kwok nodes, names starting `bench-`) and waits until kwok reports every one Ready. */
export async function seedKwokNodes(kc: KubeConfig, nodes: V1Node[], timeoutMs: number): Promise<void> {
  const started = Date.now();
  await inBatches(nodes, 16, (node) =>
    kubeRequestJson(kc, collectionPath(nodeResource, undefined), { method: 'POST', body: node }),
  );
  for (;;) {
    const list = await kubeRequestJson<{ items: V1Node[] }>(kc, collectionPath(nodeResource, undefined), {
      query: { labelSelector: 'type=kwok' },
    });
    const ready = list.items.filter((n) => n.metadata?.name?.startsWith('bench-') && isNodeReady(n)).length;
    if (ready === nodes.length) break;
    if (Date.now() - started > timeoutMs) throw new Error(`only ${ready} of ${nodes.length} nodes Ready`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  log(`${nodes.length} nodes created and Ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
