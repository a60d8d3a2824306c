import { EVERY_NAMESPACE, scopeAllows, type NamespaceScope } from '../../access/namespace-scope';
import type { FieldErrors } from '../../schemas/field-errors';
import type { SipClusterForm } from '../../schemas/sip-cluster-form';

export interface NodePorts {
  controlPlane: number;
  workerStart: number;
  workerEnd: number;
  jumpHost: number;
}

export function nodePortsOf(services: SipClusterForm['services']): NodePorts {
  return {
    controlPlane: services.controlPlane.nodePort,
    workerStart: services.worker.start,
    workerEnd: services.worker.end,
    jumpHost: services.jumpHost.nodePort,
  };
}
import type { SIPCluster } from '../../types/crds/sip-cluster';
import { endpointsOf } from './cluster-row';

interface Claim {
  start: number;
  end: number;
  owner: string;
}

/** `shown`: the namespaces whose clusters a claim names; another's is "a cluster of another namespace". */
function claimsOf(cluster: SIPCluster, shown: NamespaceScope = EVERY_NAMESPACE): Claim[] {
  const name = scopeAllows(shown, cluster.metadata.namespace)
    ? `${cluster.metadata.namespace ?? ''}/${cluster.metadata.name ?? ''}`
    : 'a cluster of another namespace';
  const endpoints = endpointsOf(cluster.spec);
  return [
    ...endpoints.controlPlane.map((port) => ({
      start: port,
      end: port,
      owner: `${name} (control-plane LB)`,
    })),
    ...endpoints.worker.map((range) => ({ ...range, owner: `${name} (worker LB)` })),
    ...endpoints.jumpHost.map((port) => ({ start: port, end: port, owner: `${name} (jump host)` })),
  ];
}

/** The default nodePort range of the API server; SIP's ports must be inside it. */
const NODE_PORT_LAST = 32767;

/**
 * The first block of free nodePorts, laid out as the form's defaults are (jump host, control-plane
 * LB, then the worker range), so a new cluster's suggestion does not collide with an earlier one's.
 * Undefined when no such block is left.
 */
export function freeNodePorts(defaults: NodePorts, clusters: readonly SIPCluster[]): NodePorts | undefined {
  const claims = clusters.flatMap((cluster) => claimsOf(cluster));
  const first = Math.min(defaults.jumpHost, defaults.controlPlane, defaults.workerStart);
  const last = Math.max(defaults.jumpHost, defaults.controlPlane, defaults.workerEnd);
  const overlaps = (start: number, end: number) =>
    claims.find((claim) => claim.start <= end && start <= claim.end);
  for (let start = first; start + (last - first) <= NODE_PORT_LAST;) {
    const clash = overlaps(start, start + (last - first));
    if (!clash) {
      const shift = start - first;
      return {
        jumpHost: defaults.jumpHost + shift,
        controlPlane: defaults.controlPlane + shift,
        workerStart: defaults.workerStart + shift,
        workerEnd: defaults.workerEnd + shift,
      };
    }
    start = clash.end + 1;
  }
  return undefined;
}

/**
 * NodePorts are allocated cluster-wide: a port another SIPCluster already asks for would make this
 * cluster's Service fail to create. Field errors for the form, empty when nothing collides; a cluster
 * outside the caller's namespaces (`scope`) holds its port unnamed.
 */
export function nodePortConflicts(
  form: { namespace: string; name: string; ports: NodePorts },
  clusters: readonly SIPCluster[],
  scope: NamespaceScope,
): FieldErrors {
  const claims = clusters
    .filter(
      (cluster) => !(cluster.metadata.namespace === form.namespace && cluster.metadata.name === form.name),
    )
    .flatMap((cluster) => claimsOf(cluster, scope));
  const errors: FieldErrors = {};
  const check = (field: string, start: number, end: number) => {
    if (!Number.isInteger(start) || !Number.isInteger(end) || start > end) return;
    const clash = claims.find((claim) => claim.start <= end && start <= claim.end);
    if (clash) {
      const what = start === end ? `Port ${start} is` : `Ports ${start}–${end} overlap what is`;
      errors[field] = `${what} already used by ${clash.owner}`;
    }
  };
  const { ports } = form;
  check('services.controlPlane.nodePort', ports.controlPlane, ports.controlPlane);
  check('services.worker.start', ports.workerStart, ports.workerEnd);
  check('services.jumpHost.nodePort', ports.jumpHost, ports.jumpHost);
  return errors;
}
