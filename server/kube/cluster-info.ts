import type { KubeConfig } from '@kubernetes/client-node';
import { kubeGetJson } from './kube-request';

interface VersionInfo {
  gitVersion: string;
}

/** The API server's version; doubles as the reachability probe (one cheap, unauthenticated-safe GET). */
export async function fetchServerVersion(kc: KubeConfig, timeoutMs = 5_000): Promise<string> {
  const info = await kubeGetJson<VersionInfo>(kc, '/version', {}, timeoutMs);
  return info.gitVersion;
}
