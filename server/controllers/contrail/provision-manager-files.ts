import { stringify } from 'yaml';
import type { ProvisionManager } from '../../types/crds/provision-manager';
import {
  CA_CERTIFICATE_KEY,
  CA_DIR,
  CERTIFICATES_DIR,
  certificateKey,
  privateKeyKey,
} from './component-certificates';
import type { ClusterMembers, Endpoints } from './component-peers';
import type { ServicePod } from './service-pods';

/** The node lists the provisioner watches, one file each, and the flag that names it. */
export const NODE_FILES = {
  controlNodes: 'controlnodes.yaml',
  configNodes: 'confignodes.yaml',
  analyticsNodes: 'analyticsnodes.yaml',
  vrouterNodes: 'vrouternodes.yaml',
  databaseNodes: 'databasenodes.yaml',
} as const;
export const GLOBAL_VROUTER_FILE = 'globalvrouter.json';
/** The value the provisioner marks what it creates in Config with (upstream's managed_by annotation). */
export const MANAGED_BY_FILE = 'managed_by';

export interface Node {
  ipAddress: string;
  hostname: string;
  asn?: number;
}

/**
 * The pods of the services' status.nodes a node list carries, each with its service and address: a
 * pod whose host name is not known yet (not scheduled) is left out, as upstream does.
 */
function listedPods<T extends { status?: { nodes?: Record<string, string> } }>(
  services: T[],
  members: ClusterMembers,
): { service: T; pod: string; ip: string; hostname: string }[] {
  return services.flatMap((service) =>
    Object.entries(service.status?.nodes ?? {}).flatMap(([pod, ip]) => {
      const hostname = members.hostnames[pod];
      return hostname ? [{ service, pod, ip, hostname }] : [];
    }),
  );
}

/** One entry per listed pod, in address order, with the host name upstream registers. */
function nodesOf<T extends { status?: { nodes?: Record<string, string> } }>(
  services: T[],
  members: ClusterMembers,
  extra: (service: T, pod: string) => Partial<Node> = () => ({}),
): Node[] {
  return listedPods(services, members)
    .map(({ service, pod, ip, hostname }) => ({ ipAddress: ip, hostname, ...extra(service, pod) }))
    .sort((a, b) => (a.ipAddress < b.ipAddress ? -1 : a.ipAddress > b.ipAddress ? 1 : 0));
}

/**
 * The Control and vRouter pods controlnodes.yaml and vrouternodes.yaml list, by name, sorted: what
 * the Manager compares with its Controls' and vRouter groups' pods before it is Ready.
 */
export function provisionedMembers(members: ClusterMembers): string[] {
  return [...listedPods(members.controls, members), ...listedPods(members.vrouters, members)]
    .map(({ pod }) => pod)
    .sort();
}

/**
 * A node list as the YAML block sequence the provisioner reads, written directly: the general YAML
 * writer took about 12 ms of CPU for 1,000 vRouter nodes (35–100 ms on its first calls), on every
 * ProvisionManager pass, and made that planner the whole Manager's planning p99. Strings are written
 * double-quoted as JSON writes them (a JSON string is a YAML double-quoted scalar), so no host name
 * reads back as another type.
 */
export function nodeListYaml(nodes: readonly Node[]): string {
  if (nodes.length === 0) return '[]\n';
  return nodes
    .map(
      (node) =>
        `- ipAddress: ${JSON.stringify(node.ipAddress)}\n  hostname: ${JSON.stringify(node.hostname)}\n` +
        (node.asn === undefined ? '' : `  asn: ${node.asn}\n`),
    )
    .join('');
}

/** globalVrouterConfiguration with upstream's defaults: VXLAN first, automatic VNIs, ECMP on every field. */
export function globalVrouter(provisionManager: ProvisionManager): Record<string, unknown> {
  const given = provisionManager.spec.serviceConfiguration.globalVrouterConfiguration ?? {};
  const ecmp = given.ecmpHashingIncludeFields ?? {};
  const ecmpGiven = Object.values(ecmp).some(Boolean);
  return {
    ecmpHashingIncludeFields: ecmpGiven
      ? ecmp
      : {
          hashingConfigured: true,
          sourceIp: true,
          destinationIp: true,
          ipProtocol: true,
          sourcePort: true,
          destinationPort: true,
        },
    encapPriority: given.encapPriority || 'VXLAN,MPLSoGRE,MPLSoUDP',
    vxlanNetworkIdentifierMode: given.vxlanNetworkIdentifierMode || 'automatic',
    linkLocalServices: given.linkLocalServices ?? {},
  };
}

/**
 * The ProvisionManager ConfigMap, as upstream splits it over eight: the node lists the provisioner
 * registers with Config (Config and analytics from Config's status, Control with its AS and data
 * address, vRouter and database nodes from their cluster's objects), each pod's API server file
 * (`apiserver-<podIP>.yaml`, with the pod's certificate, key and the CA as upstream names them), the
 * global vRouter settings and the managed_by mark. No Keystone file (Keystone is not run).
 */
export function provisionManagerFiles(
  provisionManager: ProvisionManager,
  pods: ServicePod[],
  peers: Pick<Endpoints, 'config'>,
  members: ClusterMembers,
): Record<string, string> {
  const config = nodesOf(members.configs, members);
  const asn = (control: ClusterMembers['controls'][number]) => Number(control.status?.ports?.asnNumber);
  const lists: Record<keyof typeof NODE_FILES, Node[]> = {
    configNodes: config,
    analyticsNodes: config,
    controlNodes: nodesOf(members.controls, members, (control, pod) => ({
      ...(members.dataIps[pod] ? { ipAddress: members.dataIps[pod] } : {}),
      ...(Number.isInteger(asn(control)) ? { asn: asn(control) } : {}),
    })),
    vrouterNodes: nodesOf(members.vrouters, members),
    databaseNodes: nodesOf(members.cassandras, members),
  };
  const data: Record<string, string> = {
    [GLOBAL_VROUTER_FILE]: JSON.stringify(globalVrouter(provisionManager)),
    [MANAGED_BY_FILE]: `${provisionManager.metadata.name ?? ''}-provisionmanager`,
  };
  for (const [flag, file] of Object.entries(NODE_FILES))
    data[file] = nodeListYaml(lists[flag as keyof typeof NODE_FILES]);
  for (const pod of pods)
    data[`apiserver-${pod.ip}.yaml`] = stringify({
      apiPort: `${peers.config.apiPort}`,
      apiServerList: peers.config.ips.map((ip) => `${ip}:${peers.config.apiPort}`),
      encryption: {
        ca: `${CA_DIR}/${CA_CERTIFICATE_KEY}`,
        cert: `${CERTIFICATES_DIR}/${certificateKey(pod.ip)}`,
        key: `${CERTIFICATES_DIR}/${privateKeyKey(pod.ip)}`,
        insecure: false,
      },
    });
  return data;
}
