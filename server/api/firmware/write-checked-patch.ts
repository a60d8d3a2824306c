import type { KubeConfig } from '@kubernetes/client-node';
import { mergePatch } from '../../kube/apply';
import { apiServerSaid, KubeRequestError } from '../../kube/kube-request';
import type { ResourceDescriptor } from '../../types/resource-descriptor';

/** What a checked change of a host's hardware settings (firmware settings, RAID) answers. */
export type WriteAnswer =
  | { status: 'written'; resourceVersion: string }
  | { status: 'rejected'; message: string; fieldErrors?: Record<string, string> };

/**
 * Sends a change the edge has already checked, as a merge patch carrying the version the user edited:
 * a 409 (the object moved on) is answered with `conflict`, any other refusal in the API server's words.
 */
export async function writeCheckedPatch(
  kc: KubeConfig,
  resource: ResourceDescriptor,
  ref: { namespace: string; name: string },
  patch: unknown,
  conflict: string,
): Promise<WriteAnswer> {
  try {
    const written = await mergePatch(kc, resource, ref.namespace, ref.name, patch);
    return { status: 'written', resourceVersion: written.metadata?.resourceVersion ?? '' };
  } catch (error) {
    if (!(error instanceof KubeRequestError)) throw error;
    const message = error.status === 409 ? conflict : `the API server refused it: ${apiServerSaid(error)}`;
    return { status: 'rejected', message };
  }
}
