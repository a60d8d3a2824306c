import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { SIPCluster } from '../../types/crds/sip-cluster';
import { availabilityOf } from './host-availability';
import { isUnclaimed } from './host-pool';
import { labelSelectorMatcher } from './match-label-selector';
import { SIP_ROLES } from './sip-names';

/** What a role asks of a free host before its Secrets: the selector, and the topology label when set. */
interface RoleFit {
  matches: (labels: Record<string, string> | undefined) => boolean;
  topologyKey?: string;
}

/** Per cluster object (cached objects are replaced on change, never mutated). */
const fitsOfCluster = new WeakMap<SIPCluster, RoleFit[]>();

function roleFits(cluster: SIPCluster): RoleFit[] {
  let fits = fitsOfCluster.get(cluster);
  if (!fits) {
    fits = SIP_ROLES.flatMap((role) => {
      const nodeSet = cluster.spec.nodes?.[role];
      return nodeSet
        ? [{ matches: labelSelectorMatcher(nodeSet.labelSelector), topologyKey: nodeSet.topologyKey }]
        : [];
    });
    fitsOfCluster.set(cluster, fits);
  }
  return fits;
}

/**
 * What of a host, whatever the cluster, decides whether a plan can take it once its labels fit: where
 * it stands for provisioning and which Secrets it reads its networks and BMC access from.
 */
function schedulingFacts(host: BareMetalHost): string {
  return JSON.stringify([availabilityOf(host), host.spec.networkData ?? null, host.spec.bmc ?? null]);
}

/**
 * Of the clusters waiting for hosts, those whose schedule (or the candidates their status counts) a
 * change of one free host may change: the host fits one of their roles' selectors now or did before,
 * and it is new, gone or just freed, or what a plan reads of it changed (its availability, its Secrets'
 * names, the role's topology label, whether the selector matches). Before, every change to any free
 * host re-planned every waiting cluster, each plan walking the whole fleet: under bench:load, where
 * operators re-label hosts many times a second, that was the server's largest single cost.
 * `previous` is undefined for an added or deleted host.
 */
export function waitingClustersAHostChangeConcerns(
  host: BareMetalHost,
  previous: BareMetalHost | undefined,
  waiting: readonly SIPCluster[],
): SIPCluster[] {
  if (!isUnclaimed(host)) return [];
  // Otherwise added, deleted or released by another cluster: only whether it fits now matters.
  const stillFree = previous !== undefined && isUnclaimed(previous);
  const factsChanged = stillFree && schedulingFacts(host) !== schedulingFacts(previous);
  const labels = host.metadata.labels;
  const before = previous?.metadata.labels;
  return waiting.filter((cluster) =>
    roleFits(cluster).some(({ matches, topologyKey }) => {
      const fitsNow = matches(labels);
      if (!stillFree) return fitsNow;
      if (fitsNow !== matches(before)) return true;
      return fitsNow && (factsChanged || (!!topologyKey && labels?.[topologyKey] !== before?.[topologyKey]));
    }),
  );
}

/** Of the clusters waiting for hosts, those one of whose roles' selectors the free `host` matches. */
export function waitingClustersAHostFits(host: BareMetalHost, waiting: readonly SIPCluster[]): SIPCluster[] {
  if (!isUnclaimed(host)) return [];
  const labels = host.metadata.labels;
  return waiting.filter((cluster) => roleFits(cluster).some(({ matches }) => matches(labels)));
}
