import { join } from 'node:path';
import { KubeConfig, type V1CustomResourceDefinition } from '@kubernetes/client-node';
import { log } from '../cli';
import type { ServerConfig } from '../config';
import { fetchServerVersion } from '../kube/cluster-info';
import { installCrds, readCrdFiles, type CrdInstallOutcome } from '../kube/install-crds';
import { SetupError } from '../setup-error';
import { appRoot } from './app-root';

export interface ClusterConnection {
  kc: KubeConfig;
  serverVersion: string;
  /** Our CRDs, as read from crds/. */
  crds: V1CustomResourceDefinition[];
  /** CRDs of ours another installer owns, or that serve a version ours lacks: left as they are. */
  foreignCrds: CrdInstallOutcome[];
}

function loadKubeConfig(config: ServerConfig): KubeConfig {
  const kc = new KubeConfig();
  try {
    if (config.kubeconfig) kc.loadFromFile(config.kubeconfig);
    else kc.loadFromDefault();
  } catch (error) {
    throw new SetupError(
      `cannot read kubeconfig ${config.kubeconfig ?? '(default)'}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!kc.getCurrentCluster()) {
    throw new SetupError(
      'no Kubernetes cluster configured: set KUBECONFIG, or use `npm start` for the local one',
    );
  }
  return kc;
}

async function reachCluster(kc: KubeConfig): Promise<string> {
  try {
    return await fetchServerVersion(kc, 10_000);
  } catch (error) {
    const server = kc.getCurrentCluster()?.server ?? '?';
    throw new SetupError(
      `cannot reach the Kubernetes API server at ${server} (${error instanceof Error ? error.message : String(error)}): check KUBECONFIG and that the cluster is running`,
    );
  }
}

/** The cluster KUBECONFIG names, reached, with our CRDs installed (those someone else owns left alone). */
export async function connectCluster(config: ServerConfig): Promise<ClusterConnection> {
  const kc = loadKubeConfig(config);
  const serverVersion = await reachCluster(kc);
  const crds = await readCrdFiles(join(appRoot, 'crds'));
  const crdOutcomes = await installCrds(kc, crds, { write: config.installCrds });
  const foreignCrds = crdOutcomes.filter((c) => c.outcome === 'foreign' || c.outcome === 'newer');
  for (const crd of foreignCrds) {
    log(
      `CRD ${crd.name} ${crd.outcome === 'foreign' ? 'was installed by someone else' : 'is newer than ours'}: left as it is`,
    );
  }
  return { kc, serverVersion, crds, foreignCrds };
}
