/**
 * The Ironic planner: observed state in, desired objects and status out, no I/O. The reconcile
 * first makes sure spec.credentialsRef names a Secret with a current htpasswd (that needs random
 * salts and writes), then reads the caches into an IronicObserved, calls planIronic and applies:
 * the owned Deployment and Service (pruning others only when `pruneOwned`), the status when it
 * changed, and the events.
 */
import type { PlannedEvent } from '../../kube/reconcile-steps';
import type { KubernetesObject, V1Deployment, V1Secret, V1Service } from '@kubernetes/client-node';
import { ironicSpecProblems } from '../../schemas/ironic-spec-rules';
import type { Ironic, IronicStatus } from '../../types/crds/ironic';
import type { IronicDatabase } from '../../types/crds/ironic-database';
import { previousReady, readyCondition, type ReadyVerdict } from '../common/ready-condition';
import type { SecretLookup } from '../common/secret-data';
import { HTPASSWD_KEY } from './credentials';
import { resolveIronicImages } from './ironic-images';
import {
  databaseHost,
  IRONIC_AVAILABLE_MESSAGE,
  IRONIC_READY_REASONS,
  databaseCredentialsName,
  databaseTlsName,
  ironicDeploymentName,
  ironicServiceName,
  objectNameProblem,
  type IronicReadyReason,
} from './ironic-names';
import { readCredentialsSecret, readTlsSecret } from './linked-secrets';
import { renderIronicDeployment, renderIronicService, type IronicDatabaseLink } from './render-ironic';
import { workloadVerdict } from './workload-readiness';

export interface IronicObserved {
  ironic: Ironic;
  secret: SecretLookup;
  database(namespace: string, name: string): IronicDatabase | undefined;
  deployment(namespace: string, name: string): V1Deployment | undefined;
  service(namespace: string, name: string): V1Service | undefined;
}

export interface IronicPlan {
  /** The Deployment and Service, or nothing while an input is missing or invalid. */
  objects: KubernetesObject[];
  /** False keeps what runs while the Ironic cannot be rendered (a Secret gone for a moment). */
  pruneOwned: boolean;
  status: IronicStatus;
  events: PlannedEvent[];
}

type Verdict = ReadyVerdict<IronicReadyReason>;

function failed(message: string): Verdict {
  return { status: 'False', reason: IRONIC_READY_REASONS.failed, message };
}

function waiting(message: string): Verdict {
  return { status: 'False', reason: IRONIC_READY_REASONS.inProgress, message };
}

/** Whether an IronicDatabase is Ready for its current generation. */
function databaseReady(database: IronicDatabase): boolean {
  const ready = previousReady({ metadata: database.metadata, status: database.status });
  return (
    ready?.status === 'True' &&
    (ready.observedGeneration === undefined || ready.observedGeneration === database.metadata.generation)
  );
}

function linkDatabase(
  observed: IronicObserved,
  namespace: string,
  name: string,
): { link: IronicDatabaseLink } | { verdict: Verdict } {
  const database = observed.database(namespace, name);
  if (!database) return { verdict: waiting(`waiting for IronicDatabase ${name}: it does not exist`) };
  if (!databaseReady(database)) {
    const message = previousReady({ metadata: database.metadata, status: database.status })?.message;
    return { verdict: waiting(`waiting for IronicDatabase ${name}${message ? `: ${message}` : ''}`) };
  }
  const secretName = databaseCredentialsName(database);
  if (!secretName) return { verdict: waiting(`waiting for IronicDatabase ${name} credentials`) };
  const credentials = readCredentialsSecret(observed.secret, namespace, secretName, 'database credentials');
  if (!credentials.ok) return { verdict: failed(credentials.error) };
  return {
    link: {
      host: databaseHost(database),
      credentialsSecret: credentials.value.secret,
      tlsSecretName: databaseTlsName(database),
    },
  };
}

interface Inputs {
  credentialsSecret: V1Secret;
  tlsSecret?: V1Secret;
  database?: IronicDatabaseLink;
}

/** The referenced Secrets and database, or the verdict that says what is missing. */
function readInputs(
  observed: IronicObserved,
): { inputs: Inputs } | { verdict: Verdict; invalidLink?: boolean } {
  const { ironic } = observed;
  const namespace = ironic.metadata.namespace ?? '';
  const spec = ironic.spec ?? {};
  const credentialsName = spec.credentialsRef?.name;
  if (!credentialsName) return { verdict: waiting('generating API credentials') };
  const credentials = readCredentialsSecret(observed.secret, namespace, credentialsName, 'API credentials');
  if (!credentials.ok) return { verdict: failed(credentials.error), invalidLink: true };
  if (!credentials.value.secret.data?.[HTPASSWD_KEY])
    return { verdict: waiting('writing the htpasswd entry') };
  const inputs: Inputs = { credentialsSecret: credentials.value.secret };
  if (spec.tlsRef) {
    const tls = readTlsSecret(observed.secret, namespace, spec.tlsRef.name);
    if (!tls.ok) return { verdict: failed(tls.error), invalidLink: true };
    inputs.tlsSecret = tls.value;
  }
  if (spec.databaseRef) {
    const linked = linkDatabase(observed, namespace, spec.databaseRef.name);
    if ('verdict' in linked)
      return { verdict: linked.verdict, invalidLink: linked.verdict.reason === 'DeploymentFailed' };
    inputs.database = linked.link;
  }
  return { inputs };
}

function statusEvents(ironic: Ironic, verdict: Verdict, invalidLink: boolean): PlannedEvent[] {
  const previous = previousReady(ironic);
  if (verdict.status === 'True') {
    return previous?.status === 'True'
      ? []
      : [{ type: 'Normal', reason: 'IronicReady', note: verdict.message }];
  }
  const changed = previous?.message !== verdict.message || previous.reason !== verdict.reason;
  if (!changed) return [];
  if (verdict.reason === IRONIC_READY_REASONS.failed) {
    return [
      {
        type: 'Warning',
        reason: invalidLink ? 'InvalidLinkedResource' : 'DeploymentFailed',
        note: verdict.message,
      },
    ];
  }
  return previous?.status === 'True'
    ? [{ type: 'Warning', reason: 'IronicNotReady', note: verdict.message }]
    : [];
}

/**
 * Plans one reconcile of an Ironic that is not being deleted. Deterministic: `now` only stamps a
 * Ready condition whose status flips.
 */
export function planIronic(observed: IronicObserved, now: Date): IronicPlan {
  const { ironic } = observed;
  const namespace = ironic.metadata.namespace ?? '';
  const name = ironic.metadata.name ?? '';
  const spec = ironic.spec ?? {};
  const images = resolveIronicImages(spec);
  const finish = (verdict: Verdict, objects: KubernetesObject[], invalidLink = false): IronicPlan => {
    const status: IronicStatus = { conditions: [readyCondition(ironic, verdict, now)] };
    if (images.ok) status.requestedVersion = images.value.version;
    const installed =
      verdict.status === 'True' && images.ok
        ? { branch: images.value.version }
        : ironic.status?.installedVersion;
    if (installed !== undefined) status.installedVersion = installed;
    return {
      objects,
      pruneOwned: objects.length > 0,
      status,
      events: statusEvents(ironic, verdict, invalidLink),
    };
  };

  const nameProblem = objectNameProblem(name) ?? objectNameProblem(ironicDeploymentName(name));
  if (nameProblem) return finish(failed(nameProblem), []);
  const problems = ironicSpecProblems(spec);
  if (problems.length > 0)
    return finish(failed(`invalid spec: ${problems.map((p) => p.message).join('; ')}`), []);
  if (!images.ok) return finish(failed(images.error), []);
  const read = readInputs(observed);
  if ('verdict' in read) return finish(read.verdict, [], read.invalidLink);

  const input = { ironic, images: images.value, ...read.inputs };
  const deployment = renderIronicDeployment(input);
  const service = renderIronicService(input);
  const verdict = workloadVerdict(
    deployment,
    observed.deployment(namespace, ironicDeploymentName(name)),
    observed.service(namespace, ironicServiceName(name)),
    IRONIC_AVAILABLE_MESSAGE,
  );
  return finish(verdict, [deployment, service]);
}
