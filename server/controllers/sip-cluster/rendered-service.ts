import type { V1ConfigMap, V1Deployment, V1Secret, V1Service } from '@kubernetes/client-node';

/** The kinds of object a SIPCluster owns. */
export type SipOwnedObject = V1Secret | V1ConfigMap | V1Service | V1Deployment;

/** The objects of one support service, configuration first so a Deployment never waits on a missing volume. */
export interface RenderedService {
  instance: string;
  objects: SipOwnedObject[];
  /** The service's Deployment (also in `objects`), whose availability decides readiness. */
  deployment: V1Deployment;
}
