import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { FIELD_MANAGER, objectPath } from '../../kube/apply';
import { apiServerSaid, KubeRequestError, kubeRequestJson } from '../../kube/kube-request';
import type { ResourceDescriptor } from '../../types/resource-descriptor';

/** What a checked change of a host's hardware settings (firmware settings, RAID) answers. */
export type WriteAnswer =
  | { status: 'written'; resourceVersion: string }
  | { status: 'rejected'; message: string; fieldErrors?: Record<string, string> };

/**
 * Sends a change the edge has already checked, as a merge patch carrying the version the user edited:
 * a 409 (the object moved on) is answered with `conflict`, any other refusal in the API server's words.
 * Field validation is Strict: a field the installed CRD does not define (an older BMO's CRD lacks some
 * of ours) is refused, where the default would drop it and answer `written`.
 */
export async function writeCheckedPatch(
  kc: KubeConfig,
  resource: ResourceDescriptor,
  ref: { namespace: string; name: string },
  patch: unknown,
  conflict: string,
): Promise<WriteAnswer> {
  try {
    const written = await kubeRequestJson<KubernetesObject>(
      kc,
      objectPath(resource, ref.namespace, ref.name),
      {
        method: 'PATCH',
        query: { fieldManager: FIELD_MANAGER, fieldValidation: 'Strict' },
        body: patch,
        contentType: 'application/merge-patch+json',
      },
    );
    return { status: 'written', resourceVersion: written.metadata?.resourceVersion ?? '' };
  } catch (error) {
    if (!(error instanceof KubeRequestError)) throw error;
    const message = error.status === 409 ? conflict : `the API server refused it: ${apiServerSaid(error)}`;
    return { status: 'rejected', message };
  }
}
