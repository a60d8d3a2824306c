import type { KubeConfig } from '@kubernetes/client-node';
import type { AccessAnswer, AccessQuestion } from './access-review-cache';
import { kubeRequestJson } from './kube-request';

/** A review the API server has not answered by then is a failure (a denial), not a call left hanging. */
export const SUBJECT_ACCESS_REVIEW_TIMEOUT_MS = 5000;

interface SubjectAccessReviewStatus {
  status?: { allowed?: boolean; denied?: boolean; reason?: string; evaluationError?: string };
}

/**
 * Whether the API server's authorizer lets `question`'s identity do what it asks, asked by the
 * server's own identity (`create` on subjectaccessreviews). An impersonated request also carries
 * `system:authenticated`, so the question does too: a grant to every signed-in identity counts.
 */
export async function subjectAccessReview(kc: KubeConfig, question: AccessQuestion): Promise<AccessAnswer> {
  const { user, groups, verb, group, resource, namespace } = question;
  const review = await kubeRequestJson<SubjectAccessReviewStatus>(
    kc,
    '/apis/authorization.k8s.io/v1/subjectaccessreviews',
    {
      method: 'POST',
      timeoutMs: SUBJECT_ACCESS_REVIEW_TIMEOUT_MS,
      body: {
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SubjectAccessReview',
        spec: {
          user,
          groups: [...new Set([...groups, 'system:authenticated'])],
          resourceAttributes: { verb, group, resource, ...(namespace ? { namespace } : {}) },
        },
      },
    },
  );
  return { allowed: review.status?.allowed === true };
}
