/**
 * Test-only builders in the style of upstream SIP's testutil: hosts `node01`, `node02`, … with rack,
 * physical-server and flavor labels, a network-data Secret `node<NN>-network-data` and a BMC Secret
 * `node<NN>-bmc-credentials` per host. Not imported by product code.
 */
import type { V1Deployment, V1Secret } from '@kubernetes/client-node';
import {
  SIP_CLUSTER_NAME_LABEL,
  SIP_CLUSTER_NAMESPACE_LABEL,
  SIP_NODE_TYPE_LABEL,
} from '../../schemas/host-labels';
import type { BareMetalHost, BareMetalHostProvisionStatus } from '../../types/crds/bare-metal-host';
import type { SIPCluster, SIPClusterNodeSet, SIPClusterSpec } from '../../types/crds/sip-cluster';
import type { SipObserved } from './plan-sip-cluster';
import { hostPoolOf } from './host-pool';
import type { SecretLookup } from '../common/secret-data';

export const NS = 'tenant-a';
export const CLUSTER = 'sub1';
export const RACK_KEY = 'rackpilot.io/rack';
export const SERVER_KEY = 'vino.airshipit.org/host';
export const FLAVOR_KEY = 'rackpilot.io/flavor';

export interface HostOptions {
  /** Rack number: label rackpilot.io/rack=r<rack>. */
  rack?: number;
  /** Physical server: label vino.airshipit.org/host=stl2r<rack>o<server>; defaults to the host number. */
  server?: number;
  flavor?: 'control-plane' | 'worker';
  namespace?: string;
  /** Labels for a cluster: [namespace, name, role]; any role string, to test unknown ones. */
  owner?: [string, string, string];
  /** Extra labels; undefined values remove a default label. */
  labels?: Record<string, string | undefined>;
  /** false: no spec.networkData. */
  networkData?: false;
  /** Without the network-data Secret (spec.networkData still points at it). */
  withoutNetworkSecret?: boolean;
  /** Without the BMC credentials Secret. */
  withoutBmcSecret?: boolean;
  bmcAddress?: string;
  /** status.provisioning.state; `available` unless given. */
  state?: BareMetalHostProvisionStatus['state'];
  /** spec.online; true unless given. */
  online?: boolean;
}

export function hostName(n: number): string {
  return `node${String(n).padStart(2, '0')}`;
}

export function hostIp(n: number): string {
  return `10.23.0.${n}`;
}

export function host(n: number, options: HostOptions = {}): BareMetalHost {
  const name = hostName(n);
  const namespace = options.namespace ?? NS;
  const rack = options.rack ?? 1;
  const labels: Record<string, string> = {
    [RACK_KEY]: `r${rack}`,
    [SERVER_KEY]: `stl2r${rack}o${options.server ?? n}`,
    [FLAVOR_KEY]: options.flavor ?? 'worker',
  };
  if (options.owner) {
    const [ownerNamespace, ownerName, role] = options.owner;
    labels[SIP_CLUSTER_NAMESPACE_LABEL] = ownerNamespace;
    labels[SIP_CLUSTER_NAME_LABEL] = ownerName;
    labels[SIP_NODE_TYPE_LABEL] = role;
  }
  const merged = Object.fromEntries(
    Object.entries({ ...labels, ...options.labels }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name, namespace, labels: merged, resourceVersion: `${100 + n}` },
    spec: {
      online: options.online ?? true,
      bootMACAddress: `52:54:00:00:00:${String(n).padStart(2, '0')}`,
      bmc: {
        address: options.bmcAddress ?? `redfish+https://192.168.100.${n}/redfish/v1/Systems/${n}`,
        credentialsName: `${name}-bmc-credentials`,
      },
      ...(options.networkData === false ? {} : { networkData: { name: `${name}-network-data`, namespace } }),
    },
    status: { provisioning: { state: options.state ?? 'available' } },
  };
}

export function secret(namespace: string, name: string, data: Record<string, string>): V1Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { namespace, name },
    type: 'Opaque',
    data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v).toString('base64')])),
  };
}

/** OpenStack network_data with an oam-ipv4 network (the service network) and a pxe-ipv4 one. */
export function networkDataJson(n: number): string {
  return JSON.stringify({
    links: [{ id: 'bond0', type: 'bond' }],
    networks: [
      { id: 'oam-ipv4', type: 'ipv4', link: 'bond0.41', ip_address: hostIp(n), netmask: '255.255.255.0' },
      { id: 'pxe-ipv4', type: 'ipv4', link: 'eno3', ip_address: `172.3.3.${n}`, netmask: '255.255.255.0' },
    ],
  });
}

/** The Secrets a host built with `host(n, options)` refers to. */
export function hostSecrets(n: number, options: HostOptions = {}): V1Secret[] {
  const name = hostName(n);
  const namespace = options.namespace ?? NS;
  const secrets: V1Secret[] = [];
  if (options.networkData !== false && !options.withoutNetworkSecret) {
    secrets.push(secret(namespace, `${name}-network-data`, { networkData: networkDataJson(n) }));
  }
  if (!options.withoutBmcSecret) {
    secrets.push(secret(namespace, `${name}-bmc-credentials`, { username: 'root', password: `pw-${name}` }));
  }
  return secrets;
}

export interface Fleet {
  hosts: BareMetalHost[];
  secrets: V1Secret[];
}

/** Two control-plane hosts on two racks, two workers on two servers: exactly the sample's needs. */
export const sampleHosts: Record<number, HostOptions> = {
  1: { flavor: 'control-plane', rack: 1 },
  2: { flavor: 'control-plane', rack: 2 },
  3: { flavor: 'worker', rack: 1 },
  4: { flavor: 'worker', rack: 2 },
};

/** Hosts with their Secrets; `specs` maps host number → options. */
export function fleet(specs: Record<number, HostOptions>): Fleet {
  const entries = Object.entries(specs).map(([n, options]) => [Number(n), options] as const);
  return {
    hosts: entries.map(([n, options]) => host(n, options)),
    secrets: entries.flatMap(([n, options]) => hostSecrets(n, options)),
  };
}

export function secretLookup(secrets: readonly V1Secret[]): SecretLookup {
  return (namespace, name) =>
    secrets.find((s) => s.metadata?.namespace === namespace && s.metadata.name === name);
}

export function nodeSet(
  flavor: 'control-plane' | 'worker',
  active: number,
  standby = 0,
  topologyKey?: string,
): SIPClusterNodeSet {
  return {
    labelSelector: { matchLabels: { [FLAVOR_KEY]: flavor } },
    ...(topologyKey ? { topologyKey } : {}),
    count: { active, standby },
  };
}

/** The three services of upstream's sample, on network oam-ipv4. */
export function sampleServices(): SIPClusterSpec['services'] {
  return {
    loadBalancerControlPlane: [{ image: 'haproxy:2.3.2', nodePort: 30001, nodeInterfaceId: 'oam-ipv4' }],
    loadBalancerWorker: [
      { image: 'haproxy:2.3.2', nodePortRange: { start: 30002, end: 30003 }, nodeInterfaceId: 'oam-ipv4' },
    ],
    jumpHost: [
      {
        image: 'quay.io/airshipit/jump-host:latest',
        nodePort: 30000,
        nodeInterfaceId: 'oam-ipv4',
        sshAuthorizedKeys: ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExample ops@example'],
        nodeSSHPrivateKeys: 'ssh-private-keys',
      },
    ],
  };
}

export function sipCluster(spec: Partial<SIPClusterSpec> = {}, status?: SIPCluster['status']): SIPCluster {
  return {
    apiVersion: 'airship.airshipit.org/v1',
    kind: 'SIPCluster',
    metadata: { namespace: NS, name: CLUSTER, uid: 'uid-sub1', generation: 3 },
    spec: {
      nodes: spec.nodes ?? {
        ControlPlane: nodeSet('control-plane', 1, 1, RACK_KEY),
        Worker: nodeSet('worker', 1, 1, SERVER_KEY),
      },
      services: spec.services ?? sampleServices(),
    },
    ...(status ? { status } : {}),
  };
}

export function privateKeysSecret(): V1Secret {
  return secret(NS, 'ssh-private-keys', { id_rsa: 'RSA KEY', id_ed25519: 'ED KEY' });
}

/** A Deployment as the cache would hold it once `desired` has rolled out with all replicas available. */
export function rolledOut(desired: V1Deployment): V1Deployment {
  // Object.assign, not spread: client-node types are classes (plain data in practice).
  return Object.assign({}, desired, {
    metadata: Object.assign({}, desired.metadata, { generation: 2 }),
    status: { observedGeneration: 2, replicas: 1, updatedReplicas: 1, availableReplicas: 1 },
  });
}

export function observedState(
  cluster: SIPCluster,
  hosts: readonly BareMetalHost[],
  secrets: readonly V1Secret[],
  deployments: readonly V1Deployment[] = [],
): SipObserved {
  return {
    cluster,
    hosts: hostPoolOf(hosts),
    secret: secretLookup(secrets),
    deployment: (namespace, name) =>
      deployments.find((d) => d.metadata?.namespace === namespace && d.metadata.name === name),
  };
}

/** Applies label changes to hosts, as the reconcile would, so a test can plan the next pass. */
export function applyLabelChanges(
  hosts: readonly BareMetalHost[],
  changes: readonly { namespace: string; name: string; labels: Record<string, string | null> }[],
): BareMetalHost[] {
  return hosts.map((h) => {
    const change = changes.find((c) => c.namespace === h.metadata.namespace && c.name === h.metadata.name);
    if (!change) return h;
    const labels = Object.fromEntries(
      Object.entries({ ...h.metadata.labels, ...change.labels }).filter(
        (entry): entry is [string, string] => entry[1] !== null,
      ),
    );
    return { ...h, metadata: Object.assign({}, h.metadata, { labels }) };
  });
}
