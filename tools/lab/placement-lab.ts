/**
 * The lab's OpenStack corner: namespace `openstack` with the simulated stand-ins a PlacementAPI
 * needs (openstack-stand-ins.ts), the Secrets upstream's samples name, and upstream's basic sample,
 * which the PlacementAPI controller takes to Ready while the stand-in simulator plays the other
 * operators.
 */
import { readFile } from 'node:fs/promises';
import type { KubeConfig, KubernetesObject, V1Secret } from '@kubernetes/client-node';
import { parse } from 'yaml';
import { applyObject } from '../../server/kube/apply';
import { ensureNamespace } from '../../server/kube/ensure-namespace';
import { secretResource } from '../../server/kube/resource';
import { placementApiResource } from '../../server/types/crds/placement-api';
import { installStandInCrds, seedOpenStackNamespace } from './openstack-stand-ins';

export const OPENSTACK_NAMESPACE = 'openstack';

/** Upstream's samples and the service-override example, unchanged (each file names its source). */
export const PLACEMENT_FIXTURES = {
  sample: 'placement_v1beta1_placementapi.yaml',
  tls: 'placement_v1beta1_placementtls.yaml',
  serviceOverride: 'placement_service_override.yaml',
} as const;

const fixtureUrl = (file: string) => new URL(`../../tests/fixtures/placement/${file}`, import.meta.url);

export async function readPlacementFixture(file: string): Promise<KubernetesObject> {
  return parse(await readFile(fixtureUrl(file), 'utf8')) as KubernetesObject;
}

function secret(namespace: string, name: string, data: Record<string, string>, type = 'Opaque'): V1Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type,
    metadata: { name, namespace, labels: { 'app.kubernetes.io/part-of': 'rackpilot-lab' } },
    stringData: data,
  };
}

/**
 * The Secrets the samples reference: the service password under both names the samples use, and
 * placeholder certificates (nothing serves TLS on a simulated node).
 */
export function labSecrets(namespace: string): V1Secret[] {
  const password = { PlacementPassword: 'lab-placement-password' };
  const certificate = { 'tls.crt': 'simulated certificate', 'tls.key': 'simulated key' };
  return [
    secret(namespace, 'placement-secret', password),
    secret(namespace, 'osp-secret', password),
    secret(namespace, 'cert-internal-svc', certificate, 'kubernetes.io/tls'),
    secret(namespace, 'cert-public-svc', certificate, 'kubernetes.io/tls'),
    secret(namespace, 'combined-ca-bundle', { 'tls-ca-bundle.pem': 'simulated CA bundle' }),
  ];
}

/** Stand-in CRDs, then a namespace ready for a PlacementAPI: Keystone, the internalapi NAD, Secrets. */
export async function preparePlacementNamespace(kc: KubeConfig, namespace: string): Promise<void> {
  await installStandInCrds(kc);
  await ensureNamespace(kc, namespace);
  await seedOpenStackNamespace(kc, namespace);
  for (const object of labSecrets(namespace)) await applyObject(kc, secretResource, object);
}

/** Applies a fixture unchanged into a namespace. */
export async function applyPlacementFixture(
  kc: KubeConfig,
  file: string,
  namespace: string,
): Promise<string> {
  const object = await readPlacementFixture(file);
  await applyObject(kc, placementApiResource, {
    ...object,
    metadata: Object.assign({}, object.metadata, { namespace }),
  });
  return object.metadata?.name ?? '';
}

/** What `npm start` seeds: the namespace and upstream's basic sample. */
export async function seedPlacementLab(kc: KubeConfig): Promise<void> {
  await preparePlacementNamespace(kc, OPENSTACK_NAMESPACE);
  await applyPlacementFixture(kc, PLACEMENT_FIXTURES.sample, OPENSTACK_NAMESPACE);
}
