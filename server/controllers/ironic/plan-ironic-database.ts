/**
 * The IronicDatabase planner: like planIronic, the reconcile first makes sure
 * spec.credentialsRef names a Secret (generating one when absent), then applies the plan.
 */
import type { KubernetesObject } from '@kubernetes/client-node';
import type { IronicDatabase, IronicDatabaseStatus } from '../../types/crds/ironic-database';
import { previousReady, readyCondition, type ReadyVerdict } from '../common/ready-condition';
import {
  DATABASE_AVAILABLE_MESSAGE,
  databaseCredentialsName,
  databaseObjectsName,
  databaseTlsName,
  IRONIC_READY_REASONS,
  objectNameProblem,
  type IronicReadyReason,
} from './ironic-names';
import { readCredentialsSecret, readTlsSecret } from './linked-secrets';
import type { PlannedEvent } from '../../kube/reconcile-steps';
import type { IronicObserved } from './plan-ironic';
import { renderDatabaseDeployment, renderDatabaseService } from './render-database';
import { workloadVerdict } from './workload-readiness';

export type DatabaseObserved = Omit<IronicObserved, 'ironic' | 'database'> & { database: IronicDatabase };

export interface DatabasePlan {
  objects: KubernetesObject[];
  pruneOwned: boolean;
  status: IronicDatabaseStatus;
  events: PlannedEvent[];
}

type Verdict = ReadyVerdict<IronicReadyReason>;

export function planIronicDatabase(observed: DatabaseObserved, now: Date): DatabasePlan {
  const { database } = observed;
  const namespace = database.metadata.namespace ?? '';
  const objectsName = databaseObjectsName(database.metadata.name ?? '');
  const spec = database.spec ?? {};
  const external = spec.externalIP;
  const finish = (verdict: Verdict, objects: KubernetesObject[], pruneOwned: boolean): DatabasePlan => {
    const previous = previousReady(database);
    const events: PlannedEvent[] = [];
    if (verdict.status === 'True' && previous?.status !== 'True')
      events.push({ type: 'Normal', reason: 'DatabaseReady', note: verdict.message });
    else if (verdict.reason === IRONIC_READY_REASONS.failed && previous?.message !== verdict.message)
      events.push({ type: 'Warning', reason: 'DeploymentFailed', note: verdict.message });
    const status: IronicDatabaseStatus = {
      conditions: [readyCondition(database, verdict, now)],
      hosts: [external ?? `${objectsName}.${namespace}.svc`],
    };
    if (!external) status.serviceName = objectsName;
    return { objects, pruneOwned, status, events };
  };
  const failed = (message: string) =>
    finish({ status: 'False', reason: IRONIC_READY_REASONS.failed, message }, [], false);

  if (external) {
    // Someone else runs this MariaDB: nothing to deploy, and whatever ran before goes.
    return finish(
      { status: 'True', reason: IRONIC_READY_REASONS.available, message: DATABASE_AVAILABLE_MESSAGE },
      [],
      true,
    );
  }
  const nameProblem = objectNameProblem(objectsName);
  if (nameProblem) return failed(nameProblem);
  const secretName = databaseCredentialsName(database);
  if (!secretName) {
    return finish(
      {
        status: 'False',
        reason: IRONIC_READY_REASONS.inProgress,
        message: 'generating database credentials',
      },
      [],
      false,
    );
  }
  const credentials = readCredentialsSecret(observed.secret, namespace, secretName, 'database credentials');
  if (!credentials.ok) return failed(credentials.error);
  let tlsSecret;
  const tlsName = databaseTlsName(database);
  if (tlsName) {
    const tls = readTlsSecret(observed.secret, namespace, tlsName);
    if (!tls.ok) return failed(tls.error);
    tlsSecret = tls.value;
  }
  const deployment = renderDatabaseDeployment({
    database,
    credentialsSecret: credentials.value.secret,
    tlsSecret,
  });
  const service = renderDatabaseService(database);
  const verdict = workloadVerdict(
    deployment,
    observed.deployment(namespace, objectsName),
    observed.service(namespace, objectsName),
    DATABASE_AVAILABLE_MESSAGE,
  );
  return finish(verdict, [deployment, service], true);
}
