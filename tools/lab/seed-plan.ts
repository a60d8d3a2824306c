/**
 * The pure parts of seeding the lab (seed-lab.ts does the writes): what each write carries, which
 * status a host gets, and the bounded fan-out over the hosts.
 */
import type { V1Secret } from '@kubernetes/client-node';
import type { BareMetalHostStatus } from '../../server/types/crds/bare-metal-host';
import { progressesOnSeed } from './bmh-progression';
import {
  LAB_NAMESPACE,
  LAB_PART_OF,
  LAB_PART_OF_LABEL,
  LAB_SSH_KEYS_SECRET,
  type LabHost,
} from './lab-hosts';

/** Runs fn over items with at most `limit` calls in flight; the first failure stops new calls. */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      try {
        await fn(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The Secret holding the jump host's SSH key, its public half in an annotation. */
export function sshKeysSecret(namespace: string, keys: { privateKey: string; publicKey: string }): V1Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: LAB_SSH_KEYS_SECRET,
      namespace,
      labels: { [LAB_PART_OF_LABEL]: LAB_PART_OF },
      annotations: { 'rackpilot.io/public-key': keys.publicKey },
    },
    type: 'Opaque',
    data: { id_ed25519: Buffer.from(keys.privateKey, 'utf8').toString('base64') },
  };
}

/** A server-side apply body for a host's status subresource: identity and status only. */
export function statusBody(host: LabHost, status: BareMetalHostStatus) {
  const { name, namespace } = host.bareMetalHost.metadata;
  return {
    apiVersion: host.bareMetalHost.apiVersion,
    kind: host.bareMetalHost.kind,
    metadata: { name, namespace },
    status,
  };
}

export function hostPath(host: LabHost): string {
  const { namespace = LAB_NAMESPACE, name = host.name } = host.bareMetalHost.metadata;
  return `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts/${name}`;
}

/**
 * The status to give a host just applied: `walk` when it is new and, with progress on, walks through
 * registering and inspecting to it (not a host seeded provisioned), else `write` at once. A host that already has a status keeps
 * the times of its registration and inspection (they really happened, in a progression).
 */
export function seededStatus(
  host: LabHost,
  credentialsVersion: string | undefined,
  current: BareMetalHostStatus | undefined,
  progress: boolean,
): { walk: BareMetalHostStatus } | { write: BareMetalHostStatus } {
  const status = {
    ...host.status,
    goodCredentials: { ...host.status.goodCredentials, credentialsVersion },
    triedCredentials: { ...host.status.triedCredentials, credentialsVersion },
  };
  if (!current?.provisioning?.state) {
    return progress && progressesOnSeed(host) ? { walk: status } : { write: status };
  }
  return {
    write: {
      ...status,
      lastUpdated: current.lastUpdated ?? status.lastUpdated,
      operationHistory: {
        ...status.operationHistory,
        register: current.operationHistory?.register ?? status.operationHistory?.register,
        inspect: current.operationHistory?.inspect ?? status.operationHistory?.inspect,
      },
    },
  };
}
