import type { KubernetesObject } from '@kubernetes/client-node';
import { whyNotFree } from '../../schemas/host-free';
import { HOST_STATE_GROUPS, type HostStateGroup } from '../../schemas/host-list';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { SIPCluster } from '../../types/crds/sip-cluster';
import { hostStatusOf, PROGRESS_GROUPS } from '../hosts/host-row';
import { readyOf } from '../clusters/cluster-row';
import type { RackSummary } from '../racks/rack-view';
import { HOST_STEP_BOUNDS, NOT_READY_BOUND, stuckFor, stuckText } from './stuck-work';

export interface WallItem {
  kind: string;
  namespace: string;
  name: string;
  /** What it is doing (in progress) or what is wrong (needs attention). */
  detail: string;
  /** Since when, ISO; undefined when the object does not say. */
  since?: string;
}

export interface ReadinessTile {
  label: string;
  ready: number;
  total: number;
  /** The service's parts, each ready of total, when it has several (Contrail's components and groups). */
  parts?: { label: string; ready: number; total: number }[];
}

export interface WallView {
  /** The server's build; a wall that sees a different one reloads itself. */
  buildId: string;
  hosts: {
    total: number;
    byState: { state: HostStateGroup; count: number }[];
    free: number;
    claimed: number;
  };
  clusters: { ready: number; degraded: number; total: number };
  /** Unleased hardware waiting in the boot loop; undefined when discovery is not running. */
  unleased?: number;
  services: ReadinessTile[];
  inProgress: { items: WallItem[]; total: number };
  attention: { items: WallItem[]; total: number };
  /** Racks, and those with a host in error or misplaced (set by the router, which knows the rack settings). */
  racks?: RackSummary;
}

/** One part of a service: its objects, and how many more its owner declares but has not created yet. */
export interface ServicePart {
  label: string;
  objects: readonly ConditionedObject[];
  pending?: number;
}

export interface ServiceKind {
  label: string;
  /** Every object of the service: each one not ready is listed. */
  objects: readonly ConditionedObject[];
  /** The parts it counts, each shown with its own count; the tile counts all of them, not its other objects. */
  parts?: ServicePart[];
}

/**
 * Contrail's tile counts every component (Cassandra, ZooKeeper, RabbitMQ, Config, Control,
 * Kubemanager, Webui, ProvisionManager) and vRouter group, each part with its own count: an entry a
 * Manager holds back (status.waiting) counts as not ready. The Managers and whatever is not ready are
 * listed like any object.
 */
export function contrailServiceKind(
  managers: readonly ConditionedObject[],
  parts: (ServicePart & { service: string })[],
): ServiceKind {
  const waiting = managers.flatMap((manager) => manager.status?.waiting ?? []);
  return {
    label: 'Contrail',
    objects: [...managers, ...parts.flatMap((part) => part.objects)],
    parts: parts.map(({ service, ...part }) => ({
      ...part,
      pending: waiting.filter((entry) => entry.service === service).length,
    })),
  };
}

export interface ConditionedObject extends KubernetesObject {
  status?: {
    conditions?: {
      type: string;
      status: string;
      reason?: string;
      message?: string;
      lastTransitionTime?: string;
    }[];
    active?: boolean;
    ready?: boolean;
    /** A Contrail Manager's entries not created yet. */
    waiting?: { service: string; name: string }[];
  };
}

export interface WallInput {
  buildId: string;
  /** When the view is built: a step running past its bound (stuck-work.ts) needs attention. */
  now: number;
  hosts: readonly BareMetalHost[];
  clusters: readonly SIPCluster[];
  services: ServiceKind[];
  unleased?: number;
  /** Failed installs and other discovery problems, already as items. */
  hardwareProblems?: WallItem[];
}

const LIST_LIMIT = 12;

/** When the host entered its current step, from Metal3's operation history. */
function hostStepStart(host: BareMetalHost, group: HostStateGroup): string | undefined {
  const history = host.status?.operationHistory;
  const step = {
    registering: history?.register,
    inspecting: history?.inspect,
    provisioning: history?.provision,
    deprovisioning: history?.deprovision,
  }[group as string];
  return step?.start ?? host.status?.lastUpdated ?? host.metadata.creationTimestamp?.toString();
}

/** Ready=True, or the `active`/`ready` flag some operators (Contrail) write instead of conditions. */
export function isObjectReady(object: ConditionedObject): boolean {
  const ready = object.status?.conditions?.find((condition) => condition.type === 'Ready');
  if (ready) return ready.status === 'True';
  return object.status?.active === true || object.status?.ready === true;
}

function notReadyItem(kind: string, object: ConditionedObject): WallItem {
  const ready = object.status?.conditions?.find((condition) => condition.type === 'Ready');
  return {
    kind,
    namespace: object.metadata?.namespace ?? '',
    name: object.metadata?.name ?? '',
    detail: ready
      ? `${ready.reason ?? 'NotReady'}${ready.message ? `: ${ready.message}` : ''}`
      : 'no Ready status yet',
    since: ready?.lastTransitionTime ?? object.metadata?.creationTimestamp?.toString(),
  };
}

/** A not-ready object still on its way (deploying, waiting) rather than stuck or failed. */
function isProgressing(object: ConditionedObject): boolean {
  const ready = object.status?.conditions?.find((condition) => condition.type === 'Ready');
  return (
    !ready ||
    ready.status === 'Unknown' ||
    /progress|pending|creating|deploying|waiting/i.test(ready.reason ?? '')
  );
}

function byAgeOldestFirst(a: WallItem, b: WallItem): number {
  return (a.since ?? '\uffff').localeCompare(b.since ?? '\uffff') || a.name.localeCompare(b.name);
}

function limited(items: WallItem[]): { items: WallItem[]; total: number } {
  return { items: items.sort(byAgeOldestFirst).slice(0, LIST_LIMIT), total: items.length };
}

/** Everything the status wall shows, from the informer caches: small enough to resend whole. */
export function buildWallView(input: WallInput): WallView {
  const counts = new Map<HostStateGroup, number>();
  const inProgress: WallItem[] = [];
  const attention: WallItem[] = [...(input.hardwareProblems ?? [])];
  let claimed = 0;
  let free = 0;
  /** Still on its way to Ready, unless that has taken longer than it should. */
  const placeNotReady = (item: WallItem, progressing: boolean) => {
    const stuck = progressing ? stuckFor(NOT_READY_BOUND, item.since, input.now) : undefined;
    if (!progressing) attention.push(item);
    else if (stuck) attention.push({ ...item, detail: `${stuckText('Not Ready', stuck)}: ${item.detail}` });
    else inProgress.push(item);
  };
  for (const host of input.hosts) {
    const status = hostStatusOf(host);
    counts.set(status.group, (counts.get(status.group) ?? 0) + 1);
    const notFree = whyNotFree(host);
    if (notFree?.kind === 'claimed') claimed += 1;
    else if (notFree === undefined) free += 1;
    const item = {
      kind: 'BareMetalHost',
      namespace: host.metadata.namespace ?? '',
      name: host.metadata.name ?? '',
    };
    if (status.group === 'error') {
      attention.push({
        ...item,
        detail: status.errorMessage ?? status.label,
        since: host.status?.lastUpdated,
      });
    } else if (PROGRESS_GROUPS.has(status.group)) {
      const since = hostStepStart(host, status.group);
      const stuck = stuckFor(HOST_STEP_BOUNDS[status.group], since, input.now);
      if (stuck) attention.push({ ...item, detail: stuckText(status.stateLabel, stuck), since });
      else inProgress.push({ ...item, detail: status.stateLabel, since });
    }
  }

  let readyClusters = 0;
  for (const cluster of input.clusters) {
    if (readyOf(cluster).status === 'True') {
      readyClusters += 1;
      continue;
    }
    placeNotReady(notReadyItem('SIPCluster', cluster), isProgressing(cluster));
  }

  const services = input.services.map((kind): ReadinessTile => {
    for (const object of kind.objects.filter((object) => !isObjectReady(object))) {
      placeNotReady(notReadyItem(kind.label, object), isProgressing(object));
    }
    if (kind.parts) {
      const parts = kind.parts
        .map((part) => ({
          label: part.label,
          ready: part.objects.filter(isObjectReady).length,
          total: part.objects.length + (part.pending ?? 0),
        }))
        .filter((part) => part.total > 0);
      return {
        label: kind.label,
        ready: parts.reduce((sum, part) => sum + part.ready, 0),
        total: parts.reduce((sum, part) => sum + part.total, 0),
        parts,
      };
    }
    return {
      label: kind.label,
      ready: kind.objects.filter(isObjectReady).length,
      total: kind.objects.length,
    };
  });

  return {
    buildId: input.buildId,
    hosts: {
      total: input.hosts.length,
      byState: HOST_STATE_GROUPS.filter((state) => counts.has(state)).map((state) => ({
        state,
        count: counts.get(state) ?? 0,
      })),
      free,
      claimed,
    },
    clusters: {
      ready: readyClusters,
      degraded: input.clusters.length - readyClusters,
      total: input.clusters.length,
    },
    unleased: input.unleased,
    services,
    inProgress: limited(inProgress),
    attention: limited(attention),
  };
}
