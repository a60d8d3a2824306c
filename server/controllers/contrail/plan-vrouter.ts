import type {
  KubernetesObject,
  V1ConfigMap,
  V1DaemonSet,
  V1Node,
  V1ObjectMeta,
  V1Pod,
} from '@kubernetes/client-node';
import { controllerReference } from '../../kube/owner-references';
import type { Kubemanager } from '../../types/crds/kubemanager';
import {
  vrouterResource,
  type Vrouter,
  type VrouterProfile,
  type VrouterStatus,
} from '../../types/crds/vrouter';
import { contentHash, SPEC_HASH_ANNOTATION } from '../common/content-hash';
import type { PlannedEvent } from '../../kube/reconcile-steps';
import {
  readyCondition,
  readyEvents,
  type ReadyVerdict,
  type WithConditions,
} from '../common/ready-condition';
import type { ComponentCertificates } from './component-certificates';
import { peerNames, resolvePeers, type Peers } from './component-peers';
import { configMapName, daemonSetName, serviceLabels, VF_CAPACITY_LABEL } from './contrail-names';
import { kubemanagerSettings } from './kubemanager-files';
import { nodeName } from './node-selector';
import {
  renderAgentConfig,
  renderCniConfig,
  renderNodemanagerConfig,
  requiredVfs,
} from './render-vrouter-agent';
import { CNI_CONFIG_KEY, renderVrouterPod } from './render-vrouter-pod';
import {
  certificateEvents,
  certificateRequeueMs,
  certificateTemplateAnnotations,
  renderCertificateSecret,
} from './pod-tls';
import { rbacConflict, renderVrouterRbac, staleVrouterRbac, vrouterRbacNames } from './vrouter-rbac';

export interface VrouterObserved {
  vrouter: Vrouter;
  /** Nodes the group's nodeSelector matches. */
  nodes: V1Node[];
  /** Other groups (namespace/name) whose selector also matches the node. */
  otherGroups(node: V1Node): string[];
  daemonSet: V1DaemonSet | undefined;
  pods: V1Pod[];
  /** Every vRouter group, this one included: the agents' identity objects are shared by name. */
  groups: Vrouter[];
  /** The stored identity objects of the groups (ServiceAccounts, ClusterRoles, ClusterRoleBindings). */
  rbac: KubernetesObject[];
  /** The Control the group names (controlInstance) and its cluster's Config (by the cluster label). */
  peers: Pick<Peers, 'control' | 'config'>;
  /** The cluster's kube-manager (by the cluster label), whose cluster name the CNI plugin asks the agent for. */
  kubemanager?: Kubemanager;
  /**
   * The agents' per-pod certificate Secret's data as it should be (component-certificates.ts), for a
   * group naming a Control; undefined for one naming none (its agents talk TLS to nobody).
   */
  certificates: ComponentCertificates | undefined;
}

export interface VrouterPlan {
  /** Absent while the group waits for its Control: what runs is left as it is. */
  objects?: KubernetesObject[];
  /** Identity objects no live group needs any more, to delete. */
  stale: KubernetesObject[];
  status: VrouterStatus;
  events: PlannedEvent[];
  /** When the earliest agent certificate enters its renew window. */
  requeueAfterMs?: number;
}

/** The group's certificate Secret's owner: the Vrouter, active as upstream counts it (every agent ready). */
const VROUTER_OWNER = {
  type: 'vrouter' as const,
  resource: vrouterResource,
  active: (desired: number, ready: number) => ready >= desired,
};

/** Annotation on the pod template: a new agent configuration is a new template, so the DaemonSet rolls. */
export const AGENT_CONFIG_ANNOTATION = 'rackpilot.io/agent-config-hash';

function ownedMeta(vrouter: Vrouter, name: string, annotations?: Record<string, string>): V1ObjectMeta {
  return {
    name,
    namespace: vrouter.metadata.namespace ?? '',
    labels: serviceLabels('vrouter', vrouter.metadata.name ?? ''),
    ...(annotations ? { annotations } : {}),
    ownerReferences: [controllerReference(vrouter, vrouterResource)],
  };
}

interface Placement {
  eligible: string[];
  conflicts: { node: string; groups: string[] }[];
  excluded: { node: string; reason: string }[];
}

/** Which matched nodes the group runs on: not those another group also selects, nor those short of VFs. */
export function placeGroup(observed: VrouterObserved, profiles: VrouterProfile[]): Placement {
  const vfs = requiredVfs(profiles);
  const placement: Placement = { eligible: [], conflicts: [], excluded: [] };
  for (const node of [...observed.nodes].sort((a, b) => nodeName(a).localeCompare(nodeName(b)))) {
    const name = nodeName(node);
    const others = observed.otherGroups(node);
    if (others.length > 0) {
      placement.conflicts.push({ node: name, groups: [...others].sort() });
      continue;
    }
    const capacity = Number(node.metadata?.labels?.[VF_CAPACITY_LABEL] ?? '0');
    if (vfs > 0 && !(capacity >= vfs)) {
      placement.excluded.push({
        node: name,
        reason: `advertises ${capacity} SR-IOV VFs (${VF_CAPACITY_LABEL}); the group needs ${vfs}`,
      });
      continue;
    }
    placement.eligible.push(name);
  }
  return placement;
}

function renderDaemonSet(
  vrouter: Vrouter,
  profiles: VrouterProfile[],
  left: string[],
  configHash: string,
  certificates: ComponentCertificates | undefined,
): V1DaemonSet {
  const name = vrouter.metadata.name ?? '';
  const labels = serviceLabels('vrouter', name);
  const common = vrouter.spec.commonConfiguration ?? {};
  const deleteFirst = vrouter.spec.serviceConfiguration.upgradeStrategy === 'deleteFirst';
  const pod = renderVrouterPod(
    vrouter,
    profiles,
    vrouterRbacNames(vrouter).serviceAccount,
    certificates !== undefined,
  );
  const spec: V1DaemonSet['spec'] = {
    selector: { matchLabels: labels },
    // An agent owns the node's forwarding: never two on one node, so no surge. deleteFirst takes
    // every old agent down before the new ones start; rolling replaces one node at a time.
    updateStrategy: {
      type: 'RollingUpdate',
      rollingUpdate: { maxUnavailable: (deleteFirst ? '100%' : 1) as never, maxSurge: 0 as never },
    },
    template: {
      metadata: {
        labels,
        annotations: {
          [AGENT_CONFIG_ANNOTATION]: configHash,
          ...certificateTemplateAnnotations(certificates).annotations,
        },
      },
      spec: {
        ...(common.nodeSelector ? { nodeSelector: common.nodeSelector } : {}),
        ...(common.tolerations ? { tolerations: common.tolerations } : {}),
        ...(common.hostNetwork ? { hostNetwork: true, dnsPolicy: 'ClusterFirstWithHostNet' } : {}),
        ...(common.imagePullSecrets
          ? { imagePullSecrets: common.imagePullSecrets.map((n) => ({ name: n })) }
          : {}),
        ...(left.length > 0
          ? {
              affinity: {
                nodeAffinity: {
                  requiredDuringSchedulingIgnoredDuringExecution: {
                    nodeSelectorTerms: [
                      { matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: left }] },
                    ],
                  },
                },
              },
            }
          : {}),
        ...pod,
      },
    },
  };
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: ownedMeta(vrouter, daemonSetName(name), { [SPEC_HASH_ANNOTATION]: contentHash(spec) }),
    spec,
  };
}

/**
 * What a group waits for (upstream's order: vRouters wait for control): a group naming a Control
 * needs it and its cluster's Config active, for the control nodes and the collectors. A group naming
 * none waits for nothing and its agents get no server lists.
 */
function groupPeers(observed: VrouterObserved) {
  const names = peerNames(observed.vrouter);
  return resolvePeers(names.controlInstance ? ['control', 'config'] : [], names, observed.peers);
}

/**
 * One vRouter group: a DaemonSet on exactly the nodes its selector matches, less the nodes another
 * group also selects (a conflict, shown on both by node name) and those without the SR-IOV VFs it
 * needs; the agent configuration per pod IP with its Control's nodes and its Config's collectors; the
 * agents' certificates and TLS only for a group naming a Control (one naming none has no peer to
 * authenticate, and its files name no certificate); per-group counts and a Ready condition with a
 * reason. While the Control or Config it names is missing or not active nothing is created or
 * changed, and Ready names what it waits for.
 */
export function planVrouter(observed: VrouterObserved, now: Date): VrouterPlan {
  const { vrouter, certificates } = observed;
  const { endpoints, waiting } = groupPeers(observed);
  const tls = Boolean(peerNames(vrouter).controlInstance);
  if (tls !== (certificates !== undefined))
    throw new Error(
      `vRouter group ${vrouter.metadata.name ?? ''} ${tls ? 'names a Control: its agents’ certificates must be observed' : 'names no Control: its agents get no certificates'}`,
    );
  const name = vrouter.metadata.name ?? '';
  const profiles = vrouter.spec.serviceConfiguration.profiles ?? [];
  const { gateway, physicalInterface } = vrouter.spec.serviceConfiguration;
  const placement = placeGroup(observed, profiles);
  const left = [...placement.conflicts.map((c) => c.node), ...placement.excluded.map((e) => e.node)];
  const configHash = contentHash({ profiles, gateway, physicalInterface }).slice(0, 16);
  const daemonSet = renderDaemonSet(vrouter, profiles, left, configHash, certificates);
  const pods = observed.pods
    .filter((pod) => pod.status?.podIP && !pod.metadata?.deletionTimestamp)
    .sort((a, b) => (a.metadata?.name ?? '').localeCompare(b.metadata?.name ?? ''));
  const clusterName = observed.kubemanager
    ? kubemanagerSettings(observed.kubemanager).kubernetesClusterName
    : undefined;
  const data: Record<string, string> = { [CNI_CONFIG_KEY]: renderCniConfig(clusterName) };
  for (const pod of pods) {
    const ip = pod.status?.podIP ?? '';
    data[`vrouter.${ip}`] = renderAgentConfig(profiles, {
      podIp: ip,
      gateway,
      physicalInterface,
      tls,
      ...endpoints,
    });
    data[`nodemanager.${ip}`] = renderNodemanagerConfig(ip, tls, endpoints.config);
  }
  const configMap: V1ConfigMap = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: ownedMeta(vrouter, configMapName('vrouter', name), {
      [SPEC_HASH_ANNOTATION]: contentHash(data),
    }),
    data,
  };
  const dsStatus = observed.daemonSet?.status;
  // The pass that rewrites the DaemonSet must not judge the one it replaces.
  const updatePending =
    observed.daemonSet !== undefined &&
    observed.daemonSet.metadata?.annotations?.[SPEC_HASH_ANNOTATION] !==
      daemonSet.metadata?.annotations?.[SPEC_HASH_ANNOTATION];
  const current =
    observed.daemonSet !== undefined &&
    !updatePending &&
    (dsStatus?.observedGeneration ?? 0) >= (observed.daemonSet.metadata?.generation ?? 0);
  const desired = current ? (dsStatus?.desiredNumberScheduled ?? 0) : 0;
  const ready = current ? (dsStatus?.numberReady ?? 0) : 0;
  const updated = current ? (dsStatus?.updatedNumberScheduled ?? 0) : 0;
  // This pass's own copy of the group, which may be newer than the cache's.
  const groups = [...observed.groups.filter((g) => g.metadata.uid !== vrouter.metadata.uid), vrouter];
  const rbac = renderVrouterRbac(groups);
  const verdict: ReadyVerdict =
    waiting.length > 0
      ? { status: 'False', reason: 'WaitingForPeers', message: waiting.join('; ') }
      : vrouterVerdict(
          placement,
          { updatePending, current, desired, ready, updated },
          rbacConflict(vrouter, groups),
          tls,
        );
  const rendered = waiting.length === 0;
  const requeueAfterMs = rendered && certificates ? certificateRequeueMs(certificates, now) : undefined;
  return {
    ...(rendered
      ? {
          objects: [
            configMap,
            daemonSet,
            ...(certificates ? [renderCertificateSecret(VROUTER_OWNER, vrouter, certificates)] : []),
            ...rbac,
          ],
        }
      : {}),
    stale: rendered ? staleVrouterRbac(rbac, observed.rbac) : [],
    status: {
      active: verdict.status === 'True',
      nodes: Object.fromEntries(pods.map((pod) => [pod.metadata?.name ?? '', pod.status?.podIP ?? ''])),
      desiredNodes: desired,
      readyNodes: ready,
      updatedNodes: updated,
      matchedNodes: observed.nodes.map(nodeName).sort(),
      conflicts: placement.conflicts,
      excludedNodes: placement.excluded,
      conditions: [readyCondition(vrouter as unknown as WithConditions, verdict, now)],
    },
    events: [
      ...readyEvents(vrouter as unknown as WithConditions, verdict),
      ...(rendered && certificates ? certificateEvents(certificates) : []),
    ],
    ...(requeueAfterMs ? { requeueAfterMs } : {}),
  };
}

interface Rollout {
  updatePending: boolean;
  current: boolean;
  desired: number;
  ready: number;
  updated: number;
}

function vrouterVerdict(
  placement: Placement,
  rollout: Rollout,
  rbacConflict: string | undefined,
  namesControl: boolean,
): ReadyVerdict {
  const { updatePending, current, desired, ready, updated } = rollout;
  const eligible = placement.eligible.length;
  if (rbacConflict) return { status: 'False', reason: 'RbacConflict', message: rbacConflict };
  if (placement.conflicts.length > 0) {
    const text = placement.conflicts.map((c) => `${c.node} (also ${c.groups.join(', ')})`).join('; ');
    return {
      status: 'False',
      reason: 'NodeConflict',
      message: `nodes selected by another group run neither agent: ${text}`,
    };
  }
  if (placement.excluded.length > 0) {
    const text = placement.excluded.map((e) => `${e.node}: ${e.reason}`).join('; ');
    return { status: 'False', reason: 'NodesExcluded', message: text };
  }
  if (eligible === 0)
    return { status: 'False', reason: 'NoNodes', message: 'the nodeSelector matches no node' };
  if (updatePending) return { status: 'False', reason: 'Updating', message: 'DaemonSet update pending' };
  if (!current || desired < eligible) {
    return {
      status: 'False',
      reason: 'Scheduling',
      message: `DaemonSet scheduled on ${desired} of ${eligible} nodes`,
    };
  }
  if (updated < desired) {
    return { status: 'False', reason: 'Updating', message: `${updated} of ${desired} agents updated` };
  }
  if (ready < desired)
    return { status: 'False', reason: 'AgentsNotReady', message: `${ready} of ${desired} agents ready` };
  // Ready is what the group asks for; without a Control its agents route nothing, which is said, not hidden.
  const control = namesControl ? '' : '; no controlInstance is named, so the agents know no control node';
  return { status: 'True', reason: 'AgentsReady', message: `${ready} of ${desired} agents ready${control}` };
}
