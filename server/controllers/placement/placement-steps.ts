/**
 * The steps of a PlacementAPI pass, as placement-operator's reconcileNormal takes them. Each marks
 * its conditions and adds to the pass; one that cannot finish returns the PassEnd that stops it. Pure.
 */
import type { V1Deployment, V1Job, V1Pod } from '@kubernetes/client-node';
import { deploymentProgress } from '../common/deployment-progress';
import { readyOf, type DependencyObject } from './dependency-resources';
import type { ConditionSet } from './placement-conditions';
import { PassEnd, type PlacementPass } from './placement-pass';
import { ENDPOINT_TYPES, NETWORK_STATUS_ANNOTATION, names, type EndpointType } from './placement-names';
import { inputHashOf, planInputs } from './plan-inputs';
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

/** lib-common's CreateNetworksAnnotation: one entry per attachment, interface named after it. */
function networksAnnotation(namespace: string, attachments: string[]): string | undefined {
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

/** The ServiceAccount, Role and RoleBinding: rendered, nothing to wait for. */
export function rbacStep({ placement, objects, conditions: c }: PlacementPass): void {
  objects.push(...renderRbac(placement));
  c.markTrue('ServiceAccountReady');
  c.markTrue('RoleReady');
  c.markTrue('RoleBindingReady');
}

/** The input Secret, the database, the configuration Secrets and TLS (plan-inputs.ts); the input hash. */
export function inputsStep(pass: PlacementPass): string | PassEnd {
  const { status, events, conditions: c } = pass;
  const inputs = planInputs(pass.observed, c);
  pass.objects.push(...inputs.secrets);
  pass.dependencies = inputs.dependencies;
  if (inputs.databaseHostname) status.databaseHostname = inputs.databaseHostname;
  if (inputs.stop) return new PassEnd(inputs.stop.poll);

  const inputHash = inputHashOf(inputs.hashes);
  const previousInput = pass.previous.hash?.input;
  if (previousInput && previousInput !== inputHash)
    events.push({
      type: 'Normal',
      reason: 'InputHashChanged',
      note: 'an input changed: rolling the Deployment',
    });
  status.hash = { ...status.hash, input: inputHash };
  c.markTrue('ServiceConfigReady');
  return inputHash;
}

/** Every attachment named has its NetworkAttachmentDefinition; the pods' networks annotation. */
export function networkAttachmentsStep(pass: PlacementPass): string | undefined | PassEnd {
  const attachments = pass.placement.spec.networkAttachments ?? [];
  const missing = attachments.filter((name) => !pass.observed.networkAttachmentDefinitions.has(name));
  if (missing.length > 0) {
    pass.conditions.error(
      'NetworkAttachmentsReady',
      `NetworkAttachment resources missing: ${missing.join(', ')}`,
    );
    return new PassEnd(true);
  }
  return networksAnnotation(pass.namespace, attachments);
}

/** The internal and public Services, and their URLs; a LoadBalancer Service waits for its address. */
export function servicesStep(pass: PlacementPass): Record<EndpointType, string> | PassEnd {
  const { placement, conditions: c } = pass;
  const endpoints = {} as Record<EndpointType, string>;
  let exposed = true;
  for (const endpoint of ENDPOINT_TYPES) {
    const service = renderService(placement, endpoint);
    pass.objects.push(service);
    endpoints[endpoint] = endpointURL(placement, endpoint);
    const current = pass.observed.service(names.service(endpoint));
    if (service.spec?.type === 'LoadBalancer' && !current?.status?.loadBalancer?.ingress?.length)
      exposed = false;
  }
  pass.status.apiEndpoints = endpoints;
  if (!exposed) {
    c.requested('CreateServiceReady', 'Create service in progress');
    return new PassEnd(false);
  }
  c.markTrue('CreateServiceReady');
  return endpoints;
}

/** The db-sync Job of the current definition, run to success once (an older one deleted first). */
export function dbSyncStep(pass: PlacementPass, networks: string | undefined): PassEnd | undefined {
  const { placement, status, conditions: c } = pass;
  const spec = placement.spec;
  const job = renderDbSyncJob(placement, networks);
  const wanted = jobHash(job);
  const current = pass.observed.job;
  if (status.hash?.dbsync === wanted) {
    c.markTrue('DBSyncReady');
    if (spec.preserveJobs && current && jobHash(current) === wanted) pass.objects.push(job);
  } else if (current && jobHash(current) !== wanted) {
    pass.deleteJob = true;
    c.requested('DBSyncReady', 'DBsync job still running');
    return new PassEnd(false);
  } else {
    const state = current ? jobState(current) : 'running';
    if (state !== 'succeeded' || spec.preserveJobs) pass.objects.push(job);
    if (state === 'failed') {
      c.error('DBSyncReady', `DBsync job error occurred job ${job.metadata?.name ?? ''} failed`);
      return new PassEnd(false);
    }
    if (state === 'running') {
      c.requested('DBSyncReady', 'DBsync job still running');
      return new PassEnd(false);
    }
    status.hash = { ...status.hash, dbsync: wanted ?? '' };
    c.markTrue('DBSyncReady');
  }
  return undefined;
}

/** The Topology the spec refers to, as the Deployment's spread constraints and affinity. */
export function topologyStep(pass: PlacementPass): TopologyRules | undefined | PassEnd {
  const { spec } = pass.placement;
  if (!spec.topologyRef) return undefined;
  const found = pass.observed.topology;
  if (!pass.observed.installed.topology || !found) {
    pass.conditions.error(
      'TopologyReady',
      `Topology error occurred Topology ${spec.topologyRef.name} not found`,
    );
    return new PassEnd(true);
  }
  const topology: TopologyRules = {
    ...(found.spec?.topologySpreadConstraints
      ? {
          topologySpreadConstraints: found.spec
            .topologySpreadConstraints as TopologyRules['topologySpreadConstraints'],
        }
      : {}),
    ...(found.spec?.affinity ? { affinity: found.spec.affinity } : {}),
  };
  pass.status.lastAppliedTopology = {
    name: spec.topologyRef.name,
    namespace: spec.topologyRef.namespace ?? pass.namespace,
  };
  pass.conditions.markTrue('TopologyReady');
  return topology;
}

/**
 * The Deployment, rolled out: the ready count, the pods' addresses on every attachment, no failed
 * rollout and nothing in progress.
 */
export function deploymentStep(
  pass: PlacementPass,
  inputs: { inputHash: string; networks: string | undefined; topology: TopologyRules | undefined },
): PassEnd | undefined {
  const { placement, status, observed, conditions: c } = pass;
  const spec = placement.spec;
  const deployment = renderDeployment(placement, inputs);
  pass.objects.push(deployment);
  const observedDeployment = observed.deployment;
  if (
    observedDeployment &&
    observedDeployment.metadata?.generation === observedDeployment.status?.observedGeneration
  )
    status.readyCount = observedDeployment.status?.readyReplicas ?? 0;
  const attachments = spec.networkAttachments ?? [];
  if (attachments.length > 0) {
    const ips = networkStatusOf(observed.pods, pass.namespace, attachments);
    status.networkAttachments = ips;
    const short = Object.entries(ips).filter(([, list]) => list.length < (status.readyCount ?? 0));
    if (short.length > 0) {
      c.error('NetworkAttachmentsReady', `NetworkAttachments error occurred ${attachments.join(', ')}`);
      return new PassEnd(false, true);
    }
  }
  c.markTrue('NetworkAttachmentsReady');
  const failure = deploymentFailure(observedDeployment);
  if (failure) {
    c.error('DeploymentReady', `Deployment error occurred ${failure}`);
    return new PassEnd(false, true);
  }
  // As upstream's deployment.IsReady: also no old pod left over from the previous rollout.
  const leftover = (observedDeployment?.status?.replicas ?? 0) !== (spec.replicas ?? 1);
  if (deploymentProgress(deployment, observedDeployment) !== undefined || leftover) {
    c.requested('DeploymentReady', 'Deployment in progress');
    return new PassEnd(false, true);
  }
  c.markTrue('DeploymentReady');
  return undefined;
}

/** The KeystoneService and KeystoneEndpoint, mirrored; without keystone-operator, an error. */
export function keystoneStep(pass: PlacementPass, endpoints: Record<EndpointType, string>): PassEnd {
  const { placement, observed, conditions: c } = pass;
  if (!observed.installed.keystone) {
    const why = 'keystone-operator is not installed: the endpoints are only in status.apiEndpoints';
    c.error('KeystoneServiceReady', why);
    c.error('KeystoneEndpointReady', why);
    return new PassEnd(true, true);
  }
  pass.dependencies.push(renderKeystoneService(placement), renderKeystoneEndpoint(placement, endpoints));
  mirror(c, 'KeystoneServiceReady', observed.keystoneService);
  mirror(c, 'KeystoneEndpointReady', observed.keystoneEndpoint);
  const keystoneReady = c.isTrue('KeystoneServiceReady') && c.isTrue('KeystoneEndpointReady');
  return new PassEnd(!keystoneReady, true);
}
