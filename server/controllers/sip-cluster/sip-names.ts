/** Names and keys shared by the planner's files; the wire-visible ones match upstream SIP. */

export type SipRole = 'ControlPlane' | 'Worker';

/**
 * Roles in the order they are scheduled. Upstream walked a Go map (random order), so with
 * overlapping selectors either role could win a host; a fixed order makes the result reproducible.
 */
export const SIP_ROLES: readonly SipRole[] = ['ControlPlane', 'Worker'];

/** On every owned object, so the console finds what a cluster owns with one label selector. */
export const SIP_CLUSTER_OWNER_LABEL = 'rackpilot.io/sip-cluster';

/** On pod templates: a hash of the rendered configuration, so a config change rolls the pods. */
export const CONFIG_HASH_ANNOTATION = 'rackpilot.io/config-hash';

export { SPEC_HASH_ANNOTATION } from '../common/content-hash';

export const DEFAULT_HAPROXY_IMAGE = 'haproxy:2.3.2';

/** app.kubernetes.io/component and /name values, as upstream. */
export const LOAD_BALANCER_COMPONENT = 'loadbalancer';
export const LOAD_BALANCER_APP = 'haproxy';
export const JUMP_HOST_COMPONENT = 'jumphost';
export const JUMP_HOST_APP = 'jumphost';

/**
 * `loadbalancer-<role lowercased>-<crName>` as upstream. Upstream gave every entry of the list the
 * same name, so a second entry overwrote the first; entries after the first get `-<index>`.
 */
export function loadBalancerInstance(role: SipRole, clusterName: string, index: number): string {
  return withIndex(`${LOAD_BALANCER_COMPONENT}-${role.toLowerCase()}-${clusterName}`, index);
}

/** `jumphost-<crName>` as upstream, `-<index>` for entries after the first. */
export function jumpHostInstance(clusterName: string, index: number): string {
  return withIndex(`${JUMP_HOST_COMPONENT}-${clusterName}`, index);
}

function withIndex(name: string, index: number): string {
  return index === 0 ? name : `${name}-${index}`;
}

/**
 * Every object of a service is named after the instance, and Service names must be DNS-1035 labels
 * (at most 63 characters, no dots), while a SIPCluster name may be a longer DNS subdomain. The API
 * server would reject the Service; saying so in the condition is clearer.
 */
export function instanceNameProblem(instance: string): string | undefined {
  if (instance.length > 63) return `name ${instance} is longer than 63 characters`;
  if (!/^[a-z]([-a-z0-9]*[a-z0-9])?$/.test(instance)) return `name ${instance} is not a DNS-1035 label`;
  return undefined;
}
