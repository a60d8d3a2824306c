import type { V1Container, V1EnvVar, V1PodSpec, V1Volume, V1VolumeMount } from '@kubernetes/client-node';
import type { Vrouter, VrouterProfile } from '../../types/crds/vrouter';
import { image as contrailImage } from './component-kinds';
import { CONFIG_MAPS_DIR } from './config-files';
import { configMapName } from './contrail-names';
import { CERTIFICATE_MOUNTS, certificateVolumes } from './pod-tls';
import { forwardingMode, hugepageResources } from './render-vrouter-agent';

/** The key of the CNI configuration in the group's ConfigMap, which the CNI init container copies to the node. */
export const CNI_CONFIG_KEY = '10-contrail.conf';

/** Upstream's images per container name, used when the spec's containers list names none. */
export const VROUTER_DEFAULT_IMAGES: Record<string, string> = {
  init: 'busybox:1.36',
  nodeinit: contrailImage('node-init'),
  vrouterkernelinit: contrailImage('vrouter-kernel-init'),
  vrouterkernelbuildinit: contrailImage('vrouter-kernel-build-init'),
  vrouterkernelinitdpdk: contrailImage('vrouter-kernel-init-dpdk'),
  vroutercni: contrailImage('kubernetes-cni-init'),
  vrouteragent: contrailImage('vrouter-agent'),
  vrouteragentdpdk: contrailImage('vrouter-agent-dpdk'),
  nodemanager: contrailImage('nodemgr'),
};

const CONTRAIL_STATUS_IMAGE = contrailImage('status');

/** The node's folders the containers use, by volume name (upstream's names). */
const HOST_PATHS: Record<string, string> = {
  'vrouter-logs': '/var/log/contrail/vrouter',
  'docker-unix-socket': '/var/run',
  'host-usr-local-bin': '/usr/local/bin',
  'var-crashes': '/var/contrail/crashes',
  'var-lib-contrail': '/var/lib/contrail',
  'lib-modules': '/lib/modules',
  'usr-src': '/usr/src',
  'network-scripts': '/etc/sysconfig/network-scripts',
  dev: '/dev',
  'resolv-conf': '/etc/resolv.conf',
  'cni-config-files': '/etc/cni',
  'cni-bin': '/opt/cni/bin',
  'var-log-contrail-cni': '/var/log/contrail/cni',
  // The agent and the DPDK forwarding process talk through sockets here.
  'var-run-vrouter': '/var/run/vrouter',
};

const mount = (name: string, mountPath: string): V1VolumeMount => ({ name, mountPath });
const CONFIG_MOUNT = mount('config', CONFIG_MAPS_DIR);
const LOGS = mount('vrouter-logs', '/var/log/contrail');
const HOST_BIN = mount('host-usr-local-bin', '/host/bin');
const NETWORK_SCRIPTS = mount('network-scripts', '/etc/sysconfig/network-scripts');
const MODULES = mount('lib-modules', '/lib/modules');
const SOURCES = mount('usr-src', '/usr/src');
const DEV = mount('dev', '/dev');
const CRASHES = mount('var-crashes', '/var/contrail/crashes');
const VROUTER_SOCKETS = mount('var-run-vrouter', '/var/run/vrouter');

const POD_IP: V1EnvVar = { name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } };
const privileged = { securityContext: { privileged: true } };

/** The CNI init container's work, as upstream's: the plugin and its configuration onto the node. */
const INSTALL_CNI = [
  'mkdir -p /host/etc_cni/net.d /var/lib/contrail/ports/vm',
  'cp -f /usr/bin/contrail-k8s-cni /host/opt_cni_bin/contrail-k8s-cni',
  'chmod 0755 /host/opt_cni_bin/contrail-k8s-cni',
  `cp -f ${CONFIG_MAPS_DIR}/${CNI_CONFIG_KEY} /host/etc_cni/net.d/${CNI_CONFIG_KEY}`,
  'tar -C /host/opt_cni_bin -xzf /opt/cni-v0.3.0.tgz',
].join(' && ');

/** The agent's own copy of its file, with its address's prefix length (agentStartScript). */
export const AGENT_RUN_CONFIG = '/etc/contrail/contrail-vrouter-agent.conf';

/**
 * The agent reads `VIRTUAL-HOST-INTERFACE.ip` as address/prefix, and the prefix is that of the node's
 * network, known only on the node. As upstream (which runs `ip addr` in the pod for it), the container
 * looks up its pod address's prefix, writes the line into its own copy of the rendered file and starts
 * the agent on that copy; with no interface holding the address, the copy is the file unchanged.
 */
export function agentStartScript(source: string, target: string): string {
  return [
    `prefix=$(ip -o -4 addr show | sed -n "s|.* inet \${POD_IP}/\\([0-9]*\\) .*|\\1|p" | head -n 1)`,
    `if [ -n "$prefix" ]; then sed "/^\\[VIRTUAL-HOST-INTERFACE\\]$/a ip=\${POD_IP}/$prefix" ${source} > ${target}; else cp ${source} ${target}; fi`,
  ].join('; ');
}

/**
 * What the images' entrypoints read (tf-container-builder's names): the forwarding mode, the data
 * interface and gateway, and for DPDK the forwarding process's cores, driver and hugepages.
 */
export function vrouterEnvironment(vrouter: Vrouter, profiles: VrouterProfile[]): V1EnvVar[] {
  const { physicalInterface, gateway, vrouterEncryption } = vrouter.spec.serviceConfiguration;
  const dpdk = profiles.find((p) => p.dpdkConfiguration)?.dpdkConfiguration;
  const values: [string, string | number | undefined][] = [
    ['CLOUD_ORCHESTRATOR', 'kubernetes'],
    ['AGENT_MODE', forwardingMode(profiles)],
    ['VROUTER_ENCRYPTION', String(vrouterEncryption ?? false)],
    ['PHYSICAL_INTERFACE', physicalInterface],
    ['VROUTER_GATEWAY', gateway],
    ...(dpdk
      ? ([
          ['CPU_CORE_MASK', dpdk.coreMask],
          ['SERVICE_CORE_MASK', dpdk.cpuPinning],
          ['DPDK_UIO_DRIVER', 'uio_pci_generic'],
          ['DPDK_MEM_PER_SOCKET', 1024],
          ['HUGE_PAGES', dpdk['2MBHugePages']],
          ['HUGE_PAGES_DIR', '/dev/hugepages'],
        ] as [string, string | number | undefined][])
      : []),
  ];
  return values.flatMap(([name, value]) => (value === undefined ? [] : [{ name, value: String(value) }]));
}

/**
 * The pod of one group, upstream's containers in its order: wait for the pod's file, prepare the node
 * (nodeinit), load the forwarding module (kernel: `vrouterkernelinit`, the build-init image on Ubuntu;
 * DPDK: `vrouterkernelinitdpdk`), install the CNI plugin, then the agent, in DPDK mode beside the DPDK
 * forwarding process, and the node manager unless the spec turns it off. Images and commands come
 * from the spec's containers list where it names them, privileged where upstream's are. The agent and
 * node manager mount the certificate Secret only with `tls` (the group names a Control): without it
 * there is no Secret, and their files name no certificate.
 */
export function renderVrouterPod(
  vrouter: Vrouter,
  profiles: VrouterProfile[],
  serviceAccount: string,
  tls: boolean,
): Pick<V1PodSpec, 'serviceAccountName' | 'initContainers' | 'containers' | 'volumes'> {
  const { serviceConfiguration } = vrouter.spec;
  const certificateMounts = tls ? CERTIFICATE_MOUNTS : [];
  const given = serviceConfiguration.containers ?? [];
  const imageOf = (name: string) =>
    given.find((c) => c.name === name)?.image ?? VROUTER_DEFAULT_IMAGES[name] ?? '';
  const container = (name: string, parts: Omit<V1Container, 'name' | 'image'>, image = imageOf(name)) => {
    const command = given.find((c) => c.name === name)?.command ?? parts.command;
    return { name, image, ...parts, ...(command ? { command } : {}) };
  };
  const dpdk = forwardingMode(profiles) === 'dpdk';
  const env = [POD_IP, ...vrouterEnvironment(vrouter, profiles)];
  const kernelInit = dpdk
    ? container('vrouterkernelinitdpdk', {
        env,
        volumeMounts: [HOST_BIN, NETWORK_SCRIPTS, MODULES, DEV],
        ...privileged,
      })
    : container(
        'vrouterkernelinit',
        {
          env,
          volumeMounts: [
            mount('host-usr-local-bin', '/host/usr/bin'),
            NETWORK_SCRIPTS,
            HOST_BIN,
            SOURCES,
            MODULES,
          ],
          ...privileged,
        },
        // Upstream builds the module against the node's kernel on Ubuntu, with the build-init image.
        serviceConfiguration.distribution === 'ubuntu' ? imageOf('vrouterkernelbuildinit') : undefined,
      );
  const resources = hugepageResources(profiles);
  const initContainers: V1Container[] = [
    container('init', {
      command: ['sh', '-c', `until [ -f ${CONFIG_MAPS_DIR}/vrouter.\${POD_IP} ]; do sleep 2; done`],
      env: [POD_IP],
      volumeMounts: [CONFIG_MOUNT],
    }),
    container('nodeinit', {
      env: [
        {
          name: 'CONTRAIL_STATUS_IMAGE',
          value: serviceConfiguration.contrailStatusImage ?? CONTRAIL_STATUS_IMAGE,
        },
        POD_IP,
      ],
      volumeMounts: [mount('host-usr-local-bin', '/host/usr/bin')],
      ...privileged,
    }),
    kernelInit,
    container('vroutercni', {
      command: ['sh', '-c', INSTALL_CNI],
      env: [POD_IP],
      volumeMounts: [
        CONFIG_MOUNT,
        mount('var-lib-contrail', '/var/lib/contrail'),
        mount('cni-config-files', '/host/etc_cni'),
        mount('cni-bin', '/host/opt_cni_bin'),
        mount('var-log-contrail-cni', '/host/log_cni'),
        LOGS,
      ],
      ...privileged,
    }),
  ];
  const containers: V1Container[] = [
    container('vrouteragent', {
      command: [
        'bash',
        '-c',
        `${agentStartScript(`${CONFIG_MAPS_DIR}/vrouter.\${POD_IP}`, AGENT_RUN_CONFIG)}; exec /entrypoint.sh /usr/bin/contrail-vrouter-agent --config_file ${AGENT_RUN_CONFIG}`,
      ],
      env,
      volumeMounts: [
        CONFIG_MOUNT,
        LOGS,
        DEV,
        NETWORK_SCRIPTS,
        HOST_BIN,
        SOURCES,
        MODULES,
        mount('var-lib-contrail', '/var/lib/contrail'),
        CRASHES,
        mount('resolv-conf', '/etc/resolv.conf'),
        ...(dpdk ? [VROUTER_SOCKETS] : []),
        ...certificateMounts,
      ],
      // The image's script takes vhost0 down and gives the node its address back.
      lifecycle: { preStop: { exec: { command: ['/clean-up.sh'] } } },
      ...privileged,
    }),
    ...(dpdk
      ? [
          container('vrouteragentdpdk', {
            env,
            volumeMounts: [LOGS, DEV, NETWORK_SCRIPTS, HOST_BIN, MODULES, CRASHES, VROUTER_SOCKETS],
            // Hugepages are the forwarding process's memory, requests equal to limits.
            ...(Object.keys(resources).length > 0
              ? { resources: { requests: resources, limits: resources } }
              : {}),
            ...privileged,
          }),
        ]
      : []),
    ...(serviceConfiguration.nodeManager === false
      ? []
      : [
          container('nodemanager', {
            command: [
              'bash',
              '-c',
              `ln -sf ${CONFIG_MAPS_DIR}/nodemanager.\${POD_IP} /etc/contrail/contrail-vrouter-nodemgr.conf; exec /usr/bin/python /usr/bin/contrail-nodemgr --nodetype=contrail-vrouter`,
            ],
            env: [
              POD_IP,
              { name: 'DOCKER_HOST', value: 'unix://mnt/docker.sock' },
              { name: 'NODE_TYPE', value: 'vrouter' },
            ],
            volumeMounts: [CONFIG_MOUNT, LOGS, mount('docker-unix-socket', '/mnt'), ...certificateMounts],
          }),
        ]),
  ];
  const name = vrouter.metadata.name ?? '';
  const secretVolumes = tls ? certificateVolumes(name) : [];
  const used = new Set(
    [...initContainers, ...containers].flatMap((c) => (c.volumeMounts ?? []).map((m) => m.name)),
  );
  const volumes: V1Volume[] = [
    ...[...used]
      .filter((volume) => !secretVolumes.some((v) => v.name === volume))
      .sort()
      .map((volume) =>
        volume === 'config'
          ? { name: volume, configMap: { name: configMapName('vrouter', name) } }
          : { name: volume, hostPath: { path: HOST_PATHS[volume] ?? '' } },
      ),
    ...secretVolumes,
  ];
  return { serviceAccountName: serviceAccount, initContainers, containers, volumes };
}
