import type {
  V1ConfigMap,
  V1Deployment,
  V1EnvVar,
  V1HostAlias,
  V1Secret,
  V1Service,
} from '@kubernetes/client-node';
import type { SIPCluster, SIPClusterJumpHostService } from '../../types/crds/sip-cluster';
import type { BmcAccess } from './bmc-credentials';
import type { JumpHostBmcMode } from './jump-host-bmc-mode';
import { JUMP_HOST_PATHS, renderAuthorizedKeys, renderHostsFile, renderSshConfig } from './jump-host-files';
import { JUMP_HOST_SCRIPT } from './jump-host-script';
import { base64Data, contentHash } from '../common/content-hash';
import { appLabels, ownedMetadata } from './owned-object-meta';
import type { RenderedService } from './rendered-service';
import {
  CONFIG_HASH_ANNOTATION,
  JUMP_HOST_APP,
  JUMP_HOST_COMPONENT,
  jumpHostInstance,
  SPEC_HASH_ANNOTATION,
} from './sip-names';

/** uid/gid of the `ubuntu` user in the jump-host image; the pod's fsGroup, so it can read mounted files. */
const JUMP_HOST_USER_ID = 1000;
const SSH_PORT = 22;

export interface JumpHostInput {
  cluster: SIPCluster;
  index: number;
  entry: SIPClusterJumpHostService;
  /** Every host of the cluster with its address on entry.nodeInterfaceId, sorted by name. */
  addresses: readonly { name: string; address: string }[];
  /** Every host of the cluster with its BMC access, sorted by name. */
  bmcs: readonly { name: string; bmc: BmcAccess }[];
  /** Whether the hosts file carries the BMC usernames and passwords (see jump-host-bmc-mode.ts). */
  bmcMode: JumpHostBmcMode;
  /** Keys of the nodeSSHPrivateKeys Secret, sorted; each is one private-key file. */
  privateKeyNames: readonly string[];
}

/**
 * The jump host `jumphost-<crName>`: Secret (hosts, ssh_config), ConfigMap (authorized-keys, host
 * script), NodePort Service `ssh` 22 → spec nodePort, and a one-replica Deployment of spec.image.
 */
export function renderJumpHost({
  cluster,
  index,
  entry,
  addresses,
  bmcs,
  bmcMode,
  privateKeyNames,
}: JumpHostInput) {
  const identity = {
    instance: jumpHostInstance(cluster.metadata.name ?? '', index),
    component: JUMP_HOST_COMPONENT,
    app: JUMP_HOST_APP,
  };
  const { instance } = identity;
  const labels = appLabels(identity);

  const secretData = base64Data({
    hosts: renderHostsFile(bmcs, bmcMode),
    ssh_config: renderSshConfig(privateKeyNames, addresses),
  });
  const configMapData = {
    'authorized-keys': renderAuthorizedKeys(entry.sshAuthorizedKeys ?? []),
    host: JUMP_HOST_SCRIPT,
  };

  const secret: V1Secret = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: ownedMetadata(cluster, identity),
    type: 'Opaque',
    data: secretData,
  };
  const configMap: V1ConfigMap = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: ownedMetadata(cluster, identity),
    data: configMapData,
  };
  const service: V1Service = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: ownedMetadata(cluster, identity),
    spec: {
      type: 'NodePort',
      selector: labels,
      ports: [
        { name: 'ssh', protocol: 'TCP', port: SSH_PORT, targetPort: SSH_PORT, nodePort: entry.nodePort },
      ],
    },
  };

  // Upstream built these variables on a copy of the container, so they never reached the pod.
  const noProxy: V1EnvVar[] = [
    { name: 'NO_PROXY', value: '*' },
    { name: 'no_proxy', value: '*' },
  ];

  const deploymentSpec: V1Deployment['spec'] = {
    replicas: 1,
    selector: { matchLabels: labels },
    template: {
      metadata: {
        labels,
        // hosts, ssh_config and authorized_keys are subPath mounts, which never see Secret or
        // ConfigMap updates; a new hash rolls the pod instead.
        annotations: { [CONFIG_HASH_ANNOTATION]: contentHash({ secretData, configMapData }) },
      },
      spec: {
        securityContext: { fsGroup: JUMP_HOST_USER_ID },
        // Names resolve to the service-network IPs, so `ssh node01` works without the ssh_config too.
        ...(addresses.length > 0 ? { hostAliases: hostAliasesOf(addresses) } : {}),
        initContainers: [
          {
            // The volume is group-writable (fsGroup); sshd's StrictModes rejects ~/.ssh unless
            // the user owns it with mode 700.
            name: 'ssh-dir',
            image: entry.image,
            command: [
              'sh',
              '-c',
              `chown ${JUMP_HOST_USER_ID}:${JUMP_HOST_USER_ID} ${JUMP_HOST_PATHS.sshDir} && chmod 700 ${JUMP_HOST_PATHS.sshDir}`,
            ],
            volumeMounts: [{ name: 'ssh-dir', mountPath: JUMP_HOST_PATHS.sshDir }],
          },
        ],
        containers: [
          {
            name: 'jumphost',
            image: entry.image,
            // Empty lists are left out: the API server drops them, and the reconcile compares
            // the desired object with the stored one.
            ...(entry.bmc?.proxy === true ? {} : { env: noProxy }),
            ports: [{ name: 'ssh', containerPort: SSH_PORT, protocol: 'TCP' }],
            livenessProbe: { tcpSocket: { port: SSH_PORT }, initialDelaySeconds: 10, periodSeconds: 20 },
            readinessProbe: { tcpSocket: { port: SSH_PORT }, periodSeconds: 10 },
            volumeMounts: [
              { name: 'ssh-dir', mountPath: JUMP_HOST_PATHS.sshDir },
              {
                name: 'files',
                mountPath: `${JUMP_HOST_PATHS.sshDir}/config`,
                subPath: 'ssh_config',
                readOnly: true,
              },
              {
                name: 'authorized-keys',
                mountPath: `${JUMP_HOST_PATHS.sshDir}/authorized_keys`,
                subPath: 'authorized_keys',
                readOnly: true,
              },
              { name: 'files', mountPath: JUMP_HOST_PATHS.hostsFile, subPath: 'hosts', readOnly: true },
              { name: 'scripts', mountPath: JUMP_HOST_PATHS.scriptsDir, readOnly: true },
              { name: 'ssh-private-keys', mountPath: JUMP_HOST_PATHS.privateKeysDir, readOnly: true },
            ],
          },
        ],
        volumes: [
          { name: 'ssh-dir', emptyDir: {} },
          // Owner-and-group read only: the files hold BMC passwords; fsGroup lets the user read them.
          { name: 'files', secret: { secretName: instance, defaultMode: 0o440 } },
          {
            name: 'authorized-keys',
            configMap: {
              name: instance,
              items: [{ key: 'authorized-keys', path: 'authorized_keys', mode: 0o600 }],
            },
          },
          {
            name: 'scripts',
            configMap: { name: instance, items: [{ key: 'host', path: 'host', mode: 0o755 }] },
          },
          { name: 'ssh-private-keys', secret: { secretName: entry.nodeSSHPrivateKeys, defaultMode: 0o440 } },
        ],
      },
    },
  };
  const deployment: V1Deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: ownedMetadata(cluster, identity, { [SPEC_HASH_ANNOTATION]: contentHash(deploymentSpec) }),
    spec: deploymentSpec,
  };
  const rendered: RenderedService = {
    instance,
    objects: [secret, configMap, service, deployment],
    deployment,
  };
  return rendered;
}

/**
 * One entry per IP with every host name on it: hostAliases is a list map keyed by ip, and the API
 * server refuses an apply that repeats a key. Hosts can share an address (upstream's own sample hosts
 * do), so the names are merged, in the order the hosts come.
 */
function hostAliasesOf(addresses: readonly { name: string; address: string }[]): V1HostAlias[] {
  const byIp = new Map<string, string[]>();
  for (const { name, address } of addresses) {
    const names = byIp.get(address);
    if (names) names.push(name);
    else byIp.set(address, [name]);
  }
  return [...byIp].map(([ip, hostnames]) => ({ ip, hostnames }));
}
