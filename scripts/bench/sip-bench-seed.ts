// Writing bench:sip's objects (sip-bench-objects.ts) to a control plane: what bench:sip and bench:peers
// both start from.
import type { KubeConfig } from '@kubernetes/client-node';
import { applyObject, mergePatch } from '../../server/kube/apply';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath, secretResource } from '../../server/kube/resource';
import { bareMetalHostResource, sipClusterResource, type SIPCluster } from '../../server/types/crds';
import { hostObjects, NAMESPACE, sipCluster } from './sip-bench-objects';
import { benchLog as log, inBatches } from './throwaway-cluster';

/** Creates `count` hosts with their networkData and BMC Secrets, each host reported available by BMO. */
export async function seedHosts(kc: KubeConfig, count: number): Promise<void> {
  const started = Date.now();
  await inBatches(
    Array.from({ length: count }, (_, i) => i),
    16,
    async (i) => {
      const [network, bmc, host] = hostObjects(i);
      await applyObject(kc, secretResource, network);
      await applyObject(kc, secretResource, bmc);
      await applyObject(kc, bareMetalHostResource, host);
      // SIP schedules only hosts BMO reports available; status goes through its subresource.
      const { namespace, name = '' } = host.metadata;
      await mergePatch(kc, bareMetalHostResource, namespace, name, { status: host.status }, 'status');
    },
  );
  log(`${count} hosts created in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Creates SIPCluster `index` (sipCluster()). */
export const createSipCluster = (kc: KubeConfig, index: number) =>
  kubeRequestJson<SIPCluster>(kc, collectionPath(sipClusterResource, NAMESPACE), {
    method: 'POST',
    body: sipCluster(index),
  });
