import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { KubeConfig, V1CustomResourceDefinition } from '@kubernetes/client-node';
import { parse } from 'yaml';
import { applyObject } from './apply';
import { kubeGetJson } from './kube-request';
import type { ResourceDescriptor } from './resource';

const crdResource: ResourceDescriptor = {
  group: 'apiextensions.k8s.io',
  version: 'v1',
  plural: 'customresourcedefinitions',
  kind: 'CustomResourceDefinition',
  namespaced: false,
};

interface ApiResourceList {
  resources?: { name: string }[];
}

export async function readCrdFiles(dir: string): Promise<V1CustomResourceDefinition[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.yaml')).sort();
  return Promise.all(
    files.map(async (file) => parse(await readFile(join(dir, file), 'utf8')) as V1CustomResourceDefinition),
  );
}

function isEstablished(crd: V1CustomResourceDefinition | undefined): boolean {
  return (
    crd?.status?.conditions?.some(
      (condition) => condition.type === 'Established' && condition.status === 'True',
    ) ?? false
  );
}

async function isServed(kc: KubeConfig, crd: V1CustomResourceDefinition): Promise<boolean> {
  for (const version of crd.spec.versions.filter((v) => v.served)) {
    try {
      const list = await kubeGetJson<ApiResourceList>(kc, `/apis/${crd.spec.group}/${version.name}`);
      if (!list.resources?.some((resource) => resource.name === crd.spec.names.plural)) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * Creates or updates every CRD with server-side apply, then waits until each is Established and its
 * resources show up in discovery; informers started earlier would get 404 on their first list.
 */
export async function installCrds(
  kc: KubeConfig,
  crds: V1CustomResourceDefinition[],
  timeoutMs = 60_000,
): Promise<void> {
  for (const crd of crds) await applyObject(kc, crdResource, crd);
  const deadline = Date.now() + timeoutMs;
  for (const crd of crds) {
    const name = crd.metadata?.name ?? '';
    for (;;) {
      const current = await kubeGetJson<V1CustomResourceDefinition>(
        kc,
        `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${name}`,
      );
      if (isEstablished(current) && (await isServed(kc, crd))) break;
      if (Date.now() > deadline)
        throw new Error(`CRD ${name} was not established within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
