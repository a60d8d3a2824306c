// The objects bench:sip works on: numbered hosts (their network-data and BMC Secrets, racks of
// HOSTS_PER_RACK, one in five a control-plane candidate) and numbered SIPClusters that each want one
// control-plane host and two workers.
import type { V1Secret } from '@kubernetes/client-node';
import {
  FLAVOR_LABEL,
  RACK_LABEL,
  SIP_CLUSTER_NAME_LABEL,
  SIP_CLUSTER_NAMESPACE_LABEL,
  SIP_NODE_TYPE_LABEL,
} from '../../server/schemas/host-labels';
import type { BareMetalHost, SIPCluster } from '../../server/types/crds';

export const NAMESPACE = 'bench';
const HOSTS_PER_RACK = 20;

export function hostObjects(index: number): [V1Secret, V1Secret, BareMetalHost] {
  const name = `h${String(index).padStart(5, '0')}`;
  const rack = `rack-${Math.floor(index / HOSTS_PER_RACK)}`;
  // One in five hosts is a control-plane candidate, the rest workers.
  const flavor = index % 5 === 0 ? 'control-plane' : 'worker';
  const ip = `10.${Math.floor(index / 65536) % 256}.${Math.floor(index / 256) % 256}.${index % 256}`;
  const networkData = {
    links: [],
    networks: [{ id: 'oam-ipv4', type: 'ipv4', ip_address: ip, netmask: '255.255.0.0' }],
  };
  const hex = index.toString(16).padStart(6, '0');
  const mac = `52:54:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
  const meta = (suffix: string) => ({ name: `${name}-${suffix}`, namespace: NAMESPACE });
  return [
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: meta('network-data'),
      stringData: { networkData: JSON.stringify(networkData) },
    },
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: meta('bmc'),
      stringData: { username: 'admin', password: `pw-${name}` },
    },
    {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: {
        name,
        namespace: NAMESPACE,
        labels: { [RACK_LABEL]: rack, [FLAVOR_LABEL]: flavor, 'kubernetes.io/hostname': name },
      },
      spec: {
        online: true,
        bootMACAddress: mac,
        bmc: {
          address: `redfish+https://10.200.${Math.floor(index / 256) % 256}.${index % 256}/redfish/v1/Systems/1`,
          credentialsName: `${name}-bmc`,
        },
        networkData: { name: `${name}-network-data`, namespace: NAMESPACE },
      },
      status: { operationalStatus: 'OK', provisioning: { state: 'available' } },
    },
  ];
}

export function sipCluster(index: number): SIPCluster {
  return {
    apiVersion: 'airship.airshipit.org/v1',
    kind: 'SIPCluster',
    metadata: { name: `c${String(index).padStart(4, '0')}`, namespace: NAMESPACE },
    spec: {
      nodes: {
        ControlPlane: {
          labelSelector: { matchLabels: { [FLAVOR_LABEL]: 'control-plane' } },
          topologyKey: RACK_LABEL,
          count: { active: 1, standby: 0 },
        },
        Worker: {
          labelSelector: { matchLabels: { [FLAVOR_LABEL]: 'worker' } },
          topologyKey: 'kubernetes.io/hostname',
          count: { active: 2, standby: 0 },
        },
      },
      // One control-plane load balancer per cluster: a Deployment (kwok runs its pod) and one node port.
      services: {
        loadBalancerControlPlane: [
          { image: 'haproxy:2.3.2', nodeInterfaceId: 'oam-ipv4', nodePort: 30000 + index },
        ],
      },
    },
  };
}

/** Cluster i's hosts as the controller would have labelled them: control-plane host 5i, workers 5i+1 and 5i+2. */
export function hostsOf(cluster: SIPCluster, index: number): BareMetalHost[] {
  return [5 * index, 5 * index + 1, 5 * index + 2].map((hostIndex, position) => {
    const [, , host] = hostObjects(hostIndex);
    const labels = {
      ...host.metadata.labels,
      [SIP_CLUSTER_NAMESPACE_LABEL]: NAMESPACE,
      [SIP_CLUSTER_NAME_LABEL]: cluster.metadata.name ?? '',
      [SIP_NODE_TYPE_LABEL]: position === 0 ? 'ControlPlane' : 'Worker',
    };
    return { ...host, metadata: Object.assign({}, host.metadata, { labels }) };
  });
}

export function asStoredSecret(secret: V1Secret): V1Secret {
  const data = Object.fromEntries(
    Object.entries(secret.stringData ?? {}).map(([key, value]) => [
      key,
      Buffer.from(value).toString('base64'),
    ]),
  );
  return Object.assign({}, secret, { data });
}
