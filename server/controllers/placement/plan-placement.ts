/**
 * The PlacementAPI planner, step for step with placement-operator's reconcileNormal: RBAC, input
 * Secret, database, configuration, TLS, input hash, network attachments, Services, db-sync,
 * topology, Deployment, then Keystone. Observed state in; owned objects, dependencies, status and
 * events out; no I/O. A step that cannot finish stops the pass; later conditions stay Unknown.
 */
import type { PlannedEvent } from '../../kube/reconcile-steps';
import type { KubernetesObject, V1Deployment, V1Job, V1Pod, V1Service } from '@kubernetes/client-node';
import type { PlacementAPIStatus } from '../../types/crds/placement-api';
import { deploymentProgress } from '../common/deployment-progress';
import { readyOf, type DependencyObject } from './dependency-resources';
import { ConditionSet } from './placement-conditions';
import { ENDPOINT_TYPES, NETWORK_STATUS_ANNOTATION, names, type EndpointType } from './placement-names';
import { inputHashOf, planInputs, type InputsObserved } from './plan-inputs';
import { renderKeystoneEndpoint, renderKeystoneService } from './render-dependencies';
import {
  endpointURL,
  jobHash,
  renderDbSyncJob,
  renderDeployment,
  renderRbac,
  renderService,
  type TopologyRules,
} from './render-workload';

export interface PlacementObserved extends InputsObserved {
  keystoneService?: DependencyObject;
  keystoneEndpoint?: DependencyObject;
  /** Names of the NetworkAttachmentDefinitions that exist in the namespace. */
  networkAttachmentDefinitions: Set<string>;
  topology?: DependencyObject;
  deployment?: V1Deployment;
  job?: V1Job;
  service(name: string): V1Service | undefined;
  /** The API pods (read only when network attachments are set). */
  pods: V1Pod[];
}

export interface PlacementPlan {
  objects: KubernetesObject[];
  /** True once every owned kind was rendered: owned objects not in `objects` may go. */
  pruneOwned: boolean;
  /** Other operators' resources, applied with the PlacementAPI's finalizer. */
  dependencies: DependencyObject[];
  /** A db-sync Job of an older definition: deleted before the new one is made (a Job is immutable). */
  deleteJob: boolean;
  status: PlacementAPIStatus;
  /** Waiting on something no cache watches: look again after the poll interval. */
  poll: boolean;
  events: PlannedEvent[];
}

/** lib-common's CreateNetworksAnnotation: one entry per attachment, interface named after it. */
export function networksAnnotation(namespace: string, attachments: string[]): string | undefined {
  if (attachments.length === 0) return undefined;
  return JSON.stringify(attachments.map((name) => ({ name, namespace, interface: name })));
}

/** Pod IPs per attachment from Multus's network-status annotation of the ready pods. */
export function networkStatusOf(pods: V1Pod[], namespace: string, attachments: string[]) {
  const ips: Record<string, string[]> = {};
  for (const attachment of attachments) ips[`${namespace}/${attachment}`] = [];
  for (const pod of pods) {
    const ready = pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
    const raw = pod.metadata?.annotations?.[NETWORK_STATUS_ANNOTATION];
    if (!ready || !raw) continue;
    let entries: { name?: string; ips?: string[] }[];
    try {
      entries = JSON.parse(raw) as { name?: string; ips?: string[] }[];
    } catch {
      continue;
    }
    for (const entry of Array.isArray(entries) ? entries : []) {
      const list = entry.name ? ips[entry.name] : undefined;
      if (list) list.push(...(entry.ips ?? []));
    }
  }
  return ips;
}

function jobState(job: V1Job): 'succeeded' | 'failed' | 'running' {
  const conditions = job.status?.conditions ?? [];
  if (
    (job.status?.succeeded ?? 0) > 0 ||
    conditions.some((c) => c.type === 'Complete' && c.status === 'True')
  )
    return 'succeeded';
  if (conditions.some((c) => c.type === 'Failed' && c.status === 'True')) return 'failed';
  return 'running';
}

function deploymentFailure(deployment: V1Deployment | undefined): string | undefined {
  const progressing = deployment?.status?.conditions?.find((c) => c.type === 'Progressing');
  return progressing?.status === 'False' ? (progressing.reason ?? 'rollout failed') : undefined;
}

function mirror(
  c: ConditionSet,
  type: 'KeystoneServiceReady' | 'KeystoneEndpointReady',
  object?: DependencyObject,
) {
  const ready = readyOf(object);
  if (ready?.status === 'True') c.markTrue(type);
  else c.requested(type, ready?.message ?? `${type.replace('Ready', '')} not ready yet`);
}

/** Deterministic: `now` only stamps conditions whose status flips. */
export function planPlacement(observed: PlacementObserved, now: Date): PlacementPlan {
  const { placement } = observed;
  const spec = placement.spec;
  const namespace = placement.metadata.namespace ?? '';
  const previous = placement.status ?? {};
  const c = new ConditionSet(
    previous.conditions ?? [],
    `${now.toISOString().slice(0, 19)}Z`,
    Boolean(spec.topologyRef),
  );
  const status: PlacementAPIStatus = {
    observedGeneration: placement.metadata.generation,
    hash: { ...previous.hash },
    readyCount: previous.readyCount ?? 0,
  };
  for (const key of [
    'databaseHostname',
    'networkAttachments',
    'apiEndpoints',
    'lastAppliedTopology',
  ] as const) {
    if (previous[key] !== undefined) Object.assign(status, { [key]: previous[key] });
  }
  const objects: KubernetesObject[] = [...renderRbac(placement)];
  const events: PlannedEvent[] = [];
  let dependencies: DependencyObject[] = [];
  let deleteJob = false;
  const finish = (poll: boolean, pruneOwned = false): PlacementPlan => {
    status.conditions = c.finish();
    const ready = c.get('Ready');
    const wasReady = previous.conditions?.find((x) => x.type === 'Ready')?.status === 'True';
    if (ready?.status === 'True' && !wasReady)
      events.push({ type: 'Normal', reason: 'PlacementReady', note: 'Setup complete' });
    if (ready?.status === 'False' && wasReady)
      events.push({ type: 'Warning', reason: 'PlacementNotReady', note: ready.message ?? '' });
    return { objects, pruneOwned, dependencies, deleteJob, status, poll, events };
  };

  c.markTrue('ServiceAccountReady');
  c.markTrue('RoleReady');
  c.markTrue('RoleBindingReady');

  const inputs = planInputs(observed, c);
  objects.push(...inputs.secrets);
  dependencies = inputs.dependencies;
  if (inputs.databaseHostname) status.databaseHostname = inputs.databaseHostname;
  if (inputs.stop) return finish(inputs.stop.poll);

  const inputHash = inputHashOf(inputs.hashes);
  const previousInput = previous.hash?.input;
  if (previousInput && previousInput !== inputHash)
    events.push({
      type: 'Normal',
      reason: 'InputHashChanged',
      note: 'an input changed: rolling the Deployment',
    });
  status.hash = { ...status.hash, input: inputHash };
  c.markTrue('ServiceConfigReady');

  const attachments = spec.networkAttachments ?? [];
  const missing = attachments.filter((name) => !observed.networkAttachmentDefinitions.has(name));
  if (missing.length > 0) {
    c.error('NetworkAttachmentsReady', `NetworkAttachment resources missing: ${missing.join(', ')}`);
    return finish(true);
  }
  const networks = networksAnnotation(namespace, attachments);

  const endpoints = {} as Record<EndpointType, string>;
  let exposed = true;
  for (const endpoint of ENDPOINT_TYPES) {
    const service = renderService(placement, endpoint);
    objects.push(service);
    endpoints[endpoint] = endpointURL(placement, endpoint);
    const current = observed.service(names.service(endpoint));
    if (service.spec?.type === 'LoadBalancer' && !current?.status?.loadBalancer?.ingress?.length)
      exposed = false;
  }
  status.apiEndpoints = endpoints;
  if (!exposed) {
    c.requested('CreateServiceReady', 'Create service in progress');
    return finish(false);
  }
  c.markTrue('CreateServiceReady');

  const job = renderDbSyncJob(placement, networks);
  const wanted = jobHash(job);
  const current = observed.job;
  if (status.hash.dbsync === wanted) {
    c.markTrue('DBSyncReady');
    if (spec.preserveJobs && current && jobHash(current) === wanted) objects.push(job);
  } else if (current && jobHash(current) !== wanted) {
    deleteJob = true;
    c.requested('DBSyncReady', 'DBsync job still running');
    return finish(false);
  } else {
    const state = current ? jobState(current) : 'running';
    if (state !== 'succeeded' || spec.preserveJobs) objects.push(job);
    if (state === 'failed') {
      c.error('DBSyncReady', `DBsync job error occurred job ${job.metadata?.name ?? ''} failed`);
      return finish(false);
    }
    if (state === 'running') {
      c.requested('DBSyncReady', 'DBsync job still running');
      return finish(false);
    }
    status.hash = { ...status.hash, dbsync: wanted ?? '' };
    c.markTrue('DBSyncReady');
  }

  let topology: TopologyRules | undefined;
  if (spec.topologyRef) {
    const found = observed.topology;
    if (!observed.installed.topology || !found) {
      c.error('TopologyReady', `Topology error occurred Topology ${spec.topologyRef.name} not found`);
      return finish(true);
    }
    topology = {
      ...(found.spec?.topologySpreadConstraints
        ? {
            topologySpreadConstraints: found.spec
              .topologySpreadConstraints as TopologyRules['topologySpreadConstraints'],
          }
        : {}),
      ...(found.spec?.affinity ? { affinity: found.spec.affinity } : {}),
    };
    status.lastAppliedTopology = {
      name: spec.topologyRef.name,
      namespace: spec.topologyRef.namespace ?? namespace,
    };
    c.markTrue('TopologyReady');
  }

  const deployment = renderDeployment(placement, { inputHash, networks, topology });
  objects.push(deployment);
  const observedDeployment = observed.deployment;
  if (
    observedDeployment &&
    observedDeployment.metadata?.generation === observedDeployment.status?.observedGeneration
  )
    status.readyCount = observedDeployment.status?.readyReplicas ?? 0;
  if (attachments.length > 0) {
    const ips = networkStatusOf(observed.pods, namespace, attachments);
    status.networkAttachments = ips;
    const short = Object.entries(ips).filter(([, list]) => list.length < (status.readyCount ?? 0));
    if (short.length > 0) {
      c.error('NetworkAttachmentsReady', `NetworkAttachments error occurred ${attachments.join(', ')}`);
      return finish(false, true);
    }
  }
  c.markTrue('NetworkAttachmentsReady');
  const failure = deploymentFailure(observedDeployment);
  if (failure) {
    c.error('DeploymentReady', `Deployment error occurred ${failure}`);
    return finish(false, true);
  }
  // As upstream's deployment.IsReady: also no old pod left over from the previous rollout.
  const leftover = (observedDeployment?.status?.replicas ?? 0) !== (spec.replicas ?? 1);
  if (deploymentProgress(deployment, observedDeployment) !== undefined || leftover) {
    c.requested('DeploymentReady', 'Deployment in progress');
    return finish(false, true);
  }
  c.markTrue('DeploymentReady');

  if (!observed.installed.keystone) {
    const why = 'keystone-operator is not installed: the endpoints are only in status.apiEndpoints';
    c.error('KeystoneServiceReady', why);
    c.error('KeystoneEndpointReady', why);
    return finish(true, true);
  }
  dependencies.push(renderKeystoneService(placement), renderKeystoneEndpoint(placement, endpoints));
  mirror(c, 'KeystoneServiceReady', observed.keystoneService);
  mirror(c, 'KeystoneEndpointReady', observed.keystoneEndpoint);
  const keystoneReady = c.isTrue('KeystoneServiceReady') && c.isTrue('KeystoneEndpointReady');
  return finish(!keystoneReady, true);
}
