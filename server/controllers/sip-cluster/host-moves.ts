/** The hosts a SIPCluster plan takes and lets go, and the label patches that do it. Pure. */
import {
  SIP_CLUSTER_NAME_LABEL,
  SIP_CLUSTER_NAMESPACE_LABEL,
  SIP_NODE_TYPE_LABEL,
} from '../../schemas/host-labels';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { HostSchedule } from './schedule-hosts';
import type { SipRole } from './sip-names';
import { compareStrings, sortedHosts } from './stable-order';

/** New labels for one host; a null value removes the label. */
export interface HostLabelChange {
  namespace: string;
  name: string;
  /** The resourceVersion the plan was made from, for an optimistic-concurrency patch. */
  resourceVersion: string;
  labels: Record<string, string | null>;
}

export interface MovedHost {
  host: BareMetalHost;
  role: string;
}

export interface HostMoves {
  /** Hosts newly labelled, by role then in stable order. */
  selected: MovedHost[];
  /** Surplus hosts of each role, then strays (labelled under a role the spec no longer has). */
  released: MovedHost[];
}

export function hostMoves(schedule: HostSchedule): HostMoves {
  return {
    selected: schedule.roles.flatMap(({ role, selected }) => withRole(sortedHosts(selected), role)),
    released: [
      ...schedule.roles.flatMap(({ role, released }) => withRole(released, role)),
      ...schedule.strays.map((host) => ({
        host,
        role: host.metadata.labels?.[SIP_NODE_TYPE_LABEL] ?? 'unknown role',
      })),
    ],
  };
}

/** Only hosts whose labels change, sorted by namespace/name. */
export function hostLabelChanges(
  cluster: { namespace: string; name: string },
  moves: HostMoves,
): HostLabelChange[] {
  return [
    ...moves.selected.map(({ host, role }) =>
      labelChange(host, {
        [SIP_CLUSTER_NAMESPACE_LABEL]: cluster.namespace,
        [SIP_CLUSTER_NAME_LABEL]: cluster.name,
        [SIP_NODE_TYPE_LABEL]: role,
      }),
    ),
    ...moves.released.map(({ host }) => releaseChange(host)),
  ].sort((a, b) => compareStrings(`${a.namespace}/${a.name}`, `${b.namespace}/${b.name}`));
}

/** Removes those of the three SIP labels the host carries (a merge patch of absent keys is noise). */
export function releaseChange(host: BareMetalHost): HostLabelChange {
  const present = host.metadata.labels ?? {};
  const keys = [SIP_CLUSTER_NAMESPACE_LABEL, SIP_CLUSTER_NAME_LABEL, SIP_NODE_TYPE_LABEL];
  return labelChange(
    host,
    Object.fromEntries(keys.filter((key) => Object.hasOwn(present, key)).map((key) => [key, null])),
  );
}

function withRole(hosts: readonly BareMetalHost[], role: SipRole): MovedHost[] {
  return hosts.map((host) => ({ host, role }));
}

function labelChange(host: BareMetalHost, labels: Record<string, string | null>): HostLabelChange {
  return {
    namespace: host.metadata.namespace ?? '',
    name: host.metadata.name ?? '',
    resourceVersion: host.metadata.resourceVersion ?? '',
    labels,
  };
}
