// What bench:ironic creates and what its work floor writes per Ironic: the writes any correct Ironic
// controller must make, rendered by the controller's own code, and nothing else (no caches, no events,
// no InProgress status). Pure apart from the password and its salted hash, both random by design.
import type { KubernetesObject, V1Deployment, V1Secret, V1Service } from '@kubernetes/client-node';
import {
  generatedCredentialsSecret,
  generatePassword,
  htpasswdEntry,
} from '../../server/controllers/ironic/credentials';
import { generatedIronicCredentialsName } from '../../server/controllers/ironic/ironic-names';
import { planIronic } from '../../server/controllers/ironic/plan-ironic';
import { normaliseOwned } from '../../server/kube/sync-owned-objects';
import type { Ironic, IronicStatus } from '../../server/types/crds/ironic';
import { asStoredSecret } from './sip-bench-objects';
import { finalizerPatch, type FinalizerPatch } from './finalizer-patch';

export const NAMESPACE = 'bench-ironic';

/** Ironic `index`: upstream's defaults, nothing linked; the controller generates its credentials. */
export function benchIronic(index: number): Ironic {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'Ironic',
    metadata: { name: `i${String(index).padStart(4, '0')}`, namespace: NAMESPACE },
    spec: {},
  };
}

/** An Ironic's first writes: its finalizer, its generated credentials and their link in its spec. */
export interface IronicFloorFirstPass {
  finalizerPatch: FinalizerPatch;
  /** Created as the controller creates it: username, password and their htpasswd line. */
  credentials: V1Secret;
  /** The merge patch that links the credentials from the spec. */
  linkPatch: { spec: { credentialsRef: { name: string } } };
}

/** What the controller writes first for `ironic`, as the create returned it. */
export async function ironicFloorFirstPass(ironic: Ironic, finalizer: string): Promise<IronicFloorFirstPass> {
  const name = ironic.metadata.name ?? '';
  const secretName = generatedIronicCredentialsName(name);
  const credentials = { username: name.replace(/\./g, '-'), password: generatePassword() };
  return {
    finalizerPatch: finalizerPatch(ironic, finalizer),
    credentials: generatedCredentialsSecret(
      ironic,
      secretName,
      credentials,
      await htpasswdEntry(credentials),
    ),
    linkPatch: { spec: { credentialsRef: { name: secretName } } },
  };
}

function plan(
  ironic: Ironic,
  credentials: V1Secret,
  workload: { deployment?: V1Deployment; service?: V1Service },
) {
  const stored = asStoredSecret(credentials);
  return planIronic(
    {
      ironic,
      secret: (_namespace, name) => (name === credentials.metadata?.name ? stored : undefined),
      database: () => undefined,
      deployment: () => workload.deployment,
      service: () => workload.service,
    },
    new Date(),
  );
}

/** The Deployment and Service of `ironic` (linked to `credentials`), as the controller applies them. */
export function ironicFloorObjects(ironic: Ironic, credentials: V1Secret): KubernetesObject[] {
  return plan(ironic, credentials, {}).objects.map(normaliseOwned);
}

/** The status to write once the Deployment serves and the Service has its address; otherwise undefined. */
export function ironicFloorReadyStatus(
  ironic: Ironic,
  credentials: V1Secret,
  workload: { deployment?: V1Deployment; service?: V1Service },
): IronicStatus | undefined {
  const { status } = plan(ironic, credentials, workload);
  return status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ? status : undefined;
}
