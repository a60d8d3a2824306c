import { log } from '../cli';
import { controllerDeclarations } from '../controllers/build-controllers';
import type { InformerSet } from '../kube/informer-set';
import { runtimeInformers, secretValuesOf } from '../kube/runtime-informers';
import type { SecretValues } from '../kube/secret-values';
import type { Shutdown } from '../shutdown';
import type { ClusterConnection } from './connect-cluster';

export interface Caches {
  informers: InformerSet;
  /** The one way to a Secret's value: the informer caches Secrets by metadata only. */
  secrets: SecretValues;
}

/** The informer caches every controller and page reads from, synced before anything reads them. */
export async function startInformers(cluster: ClusterConnection, shutdown: Shutdown): Promise<Caches> {
  const informers = runtimeInformers(cluster.kc, cluster.crds, controllerDeclarations, log);
  informers.start();
  shutdown.add('informers', () => {
    informers.stop();
  });
  // A first list of tens of thousands of objects from a busy API server can take minutes; failing
  // sooner would only restart the same list (a crash loop), while /api/readyz already says not ready.
  await informers.waitForSync(15 * 60_000, log);
  return { informers, secrets: secretValuesOf(cluster.kc, informers) };
}
