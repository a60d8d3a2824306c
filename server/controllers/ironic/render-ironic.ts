import type {
  V1Container,
  V1Deployment,
  V1DeploymentSpec,
  V1EnvVar,
  V1Secret,
  V1Service,
  V1ServicePort,
  V1Volume,
  V1VolumeMount,
} from '@kubernetes/client-node';
import { defaultDhcpRange } from '../../schemas/ironic-form';
import { parseCidr } from '../../schemas/ip-address';
import type { Ironic, IronicDHCP, IronicSpec } from '../../types/crds/ironic';
import { contentHash, SPEC_HASH_ANNOTATION } from '../common/content-hash';
import { HTPASSWD_KEY, PASSWORD_KEY, USERNAME_KEY } from './credentials';
import type { IronicImages } from './ironic-images';
import {
  API_SECRET_VERSION_ANNOTATION,
  DATABASE_SECRET_VERSION_ANNOTATION,
  IRONIC_APP_LABEL,
  IRONIC_NAME_LABEL,
  IRONIC_SERVICE_LABEL,
  IRONIC_SERVICE_LABEL_VALUE,
  IRONIC_VERSION_LABEL,
  ironicDeploymentName,
  ironicServiceName,
  ownedMetadata,
  TLS_SECRET_VERSION_ANNOTATION,
} from './ironic-names';

/** Upstream's port defaults; the CRD defaults them only when spec.networking is present. */
export const DEFAULT_PORTS = { api: 6385, imageServer: 6180, imageServerTLS: 6183 } as const;

export interface IronicDatabaseLink {
  /** host:port of the MariaDB. */
  host: string;
  credentialsSecret: V1Secret;
  tlsSecretName?: string;
}

export interface IronicRenderInput {
  ironic: Ironic;
  images: IronicImages;
  /** The API credentials Secret, with username, password and htpasswd. */
  credentialsSecret: V1Secret;
  tlsSecret?: V1Secret;
  database?: IronicDatabaseLink;
}

export interface RenderedIronic {
  deployment: V1Deployment;
  service: V1Service;
}

/** A short hash of a Secret's data: a changed value changes the pod template (upstream used FNV). */
export function secretVersion(secret: V1Secret): string {
  return contentHash(secret.data ?? {}).slice(0, 16);
}

function env(name: string, value: string | undefined): V1EnvVar[] {
  return value === undefined || value === '' ? [] : [{ name, value }];
}

function secretEnv(name: string, secret: string, key: string): V1EnvVar {
  return { name, valueFrom: { secretKeyRef: { name: secret, key } } };
}

/** The ports Ironic's containers listen on, from the spec or upstream's defaults. */
export function ironicPorts(ironic: Ironic) {
  const networking = ironic.spec?.networking;
  return {
    api: networking?.apiPort ?? DEFAULT_PORTS.api,
    imageServer: networking?.imageServerPort ?? DEFAULT_PORTS.imageServer,
    imageServerTLS: networking?.imageServerTLSPort ?? DEFAULT_PORTS.imageServerTLS,
  };
}

function hostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** dnsmasq's DHCP_RANGE: `begin,end,prefix`, with the controller's defaults for an open range. */
export function dhcpRange(dhcp: IronicDHCP): string | undefined {
  const cidr = parseCidr(dhcp.networkCIDR);
  if (!cidr) return undefined;
  const defaults = defaultDhcpRange(cidr);
  return `${dhcp.rangeBegin ?? defaults.begin},${dhcp.rangeEnd ?? defaults.end},${cidr.prefix}`;
}

/** Provisioning network and ports, as every container of the pod reads them (upstream's common env). */
function commonEnv(input: IronicRenderInput): V1EnvVar[] {
  const spec = input.ironic.spec ?? {};
  const networking = spec.networking ?? {};
  const port = ironicPorts(input.ironic);
  const provisioning: V1EnvVar[] = [
    ...env('PROVISIONING_IP', networking.ipAddress),
    ...env('PROVISIONING_INTERFACE', networking.interface),
    ...env('PROVISIONING_MACS', networking.macAddresses?.join(',')),
  ];
  const tls = input.tlsSecret !== undefined;
  return [
    { name: 'IRONIC_LISTEN_PORT', value: String(port.api) },
    { name: 'IRONIC_ACCESS_PORT', value: String(port.api) },
    { name: 'HTTP_PORT', value: String(port.imageServer) },
    { name: 'LISTEN_ALL_INTERFACES', value: String(networking.bindInterface !== true) },
    ...(provisioning.length > 0
      ? provisioning
      : [
          {
            name: 'PROVISIONING_IP',
            valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'status.hostIP' } },
          },
        ]),
    ...(tls
      ? [
          { name: 'IRONIC_PRIVATE_PORT', value: 'unix' },
          { name: 'IRONIC_REVERSE_PROXY_SETUP', value: 'true' },
          ...(spec.disableVirtualMediaTLS
            ? []
            : [{ name: 'VMEDIA_TLS_PORT', value: String(port.imageServerTLS) }]),
        ]
      : []),
    ...env('IRONIC_KERNEL_PARAMS', kernelParams(spec)),
    ...env('IRONIC_RAMDISK_SSH_KEY', spec.ramdiskSSHKey?.trim()),
    ...env('IRONIC_IPA_COLLECTORS', spec.inspection?.collectors?.join(',')),
    ...env('IRONIC_ENABLE_VLAN_INTERFACES', spec.inspection?.vlanInterfaces?.join(',')),
  ];
}

/** The URLs hosts and BMCs call back on: through externalIP when set, else the provisioning IP. */
function externalUrlEnv(input: IronicRenderInput): V1EnvVar[] {
  const spec = input.ironic.spec ?? {};
  const host = spec.networking?.externalIP ?? spec.networking?.ipAddress;
  if (host === undefined) return [];
  const port = ironicPorts(input.ironic);
  const tls = input.tlsSecret !== undefined;
  const mediaTls = tls && spec.disableVirtualMediaTLS !== true;
  return [
    ...env('IRONIC_EXTERNAL_IP', spec.networking?.externalIP),
    {
      name: 'IRONIC_EXTERNAL_CALLBACK_URL',
      value: `${tls ? 'https' : 'http'}://${hostPort(host, port.api)}`,
    },
    {
      name: 'IRONIC_EXTERNAL_HTTP_URL',
      value: `${mediaTls ? 'https' : 'http'}://${hostPort(host, mediaTls ? port.imageServerTLS : port.imageServer)}`,
    },
  ];
}

function databaseEnv(database: IronicDatabaseLink | undefined): V1EnvVar[] {
  if (!database) return [{ name: 'IRONIC_USE_MARIADB', value: 'false' }];
  const secret = database.credentialsSecret.metadata?.name ?? '';
  return [
    { name: 'IRONIC_USE_MARIADB', value: 'true' },
    { name: 'MARIADB_HOST', value: database.host },
    { name: 'MARIADB_DATABASE', value: 'ironic' },
    secretEnv('MARIADB_USER', secret, USERNAME_KEY),
    secretEnv('MARIADB_PASSWORD', secret, PASSWORD_KEY),
  ];
}

function extraConfigEnv(input: IronicRenderInput): V1EnvVar[] {
  return (input.ironic.spec?.extraConfig ?? []).map((entry) => ({
    name: `OS_${(entry.group ?? 'DEFAULT').toUpperCase()}__${entry.name.toUpperCase()}`,
    value: entry.value,
  }));
}

function dnsmasqContainer(input: IronicRenderInput, dhcp: IronicDHCP): V1Container {
  const dns = dhcp.serveDNS ? 'provisioning' : dhcp.dnsAddress;
  return {
    name: 'dnsmasq',
    image: input.images.ironic,
    command: ['/bin/rundnsmasq'],
    env: [
      ...commonEnv(input),
      ...env('DHCP_RANGE', dhcpRange(dhcp)),
      ...env('DNS_IP', dns),
      ...env('GATEWAY_IP', dhcp.gatewayAddress),
      ...env('DHCP_HOSTS', dhcp.hosts?.join(';')),
      ...env('DHCP_IGNORE', dhcp.ignore?.join(',')),
    ],
    securityContext: { capabilities: { add: ['NET_ADMIN', 'NET_BIND_SERVICE', 'NET_RAW'] } },
    // A process check, not a port probe: DHCPv4 and DHCPv6 listen on different ports (upstream #692).
    livenessProbe: { exec: { command: ['pidof', 'dnsmasq'] }, periodSeconds: 30, timeoutSeconds: 10 },
    volumeMounts: [{ name: 'ironic-shared', mountPath: '/shared' }],
  };
}

function volumesAndMounts(input: IronicRenderInput): { volumes: V1Volume[]; certMounts: V1VolumeMount[] } {
  const volumes: V1Volume[] = [{ name: 'ironic-shared', emptyDir: {} }];
  const certMounts: V1VolumeMount[] = [];
  const tlsName = input.tlsSecret?.metadata?.name;
  if (tlsName) {
    volumes.push({ name: 'cert-ironic', secret: { secretName: tlsName } });
    certMounts.push({ name: 'cert-ironic', mountPath: '/certs/ironic', readOnly: true });
    if (input.ironic.spec?.disableVirtualMediaTLS !== true)
      certMounts.push({ name: 'cert-ironic', mountPath: '/certs/vmedia', readOnly: true });
  }
  const databaseTls = input.database?.tlsSecretName;
  if (databaseTls) {
    volumes.push({ name: 'cert-mariadb', secret: { secretName: databaseTls } });
    certMounts.push({ name: 'cert-mariadb', mountPath: '/certs/ca/mariadb', readOnly: true });
  }
  return { volumes, certMounts };
}

/** Selector labels: fixed for the life of the Ironic (a Deployment's selector is immutable). */
export function ironicSelector(ironicName: string): Record<string, string> {
  return {
    [IRONIC_SERVICE_LABEL]: IRONIC_SERVICE_LABEL_VALUE,
    [IRONIC_APP_LABEL]: ironicDeploymentName(ironicName),
  };
}

/**
 * Deployment `<name>-service`: one pod on the host network with ironic, httpd and ramdisk-logs,
 * plus dnsmasq when DHCP is configured and keepalived when it manages the IP. Recreate, because two
 * pods cannot hold the same host ports on one node.
 */
export function renderIronicDeployment(input: IronicRenderInput): V1Deployment {
  const { ironic, images } = input;
  const name = ironic.metadata.name ?? '';
  const spec = ironic.spec ?? {};
  const port = ironicPorts(ironic);
  const tls = input.tlsSecret !== undefined;
  const credentials = input.credentialsSecret.metadata?.name ?? '';
  const htpasswd = secretEnv('IRONIC_HTPASSWD', credentials, HTPASSWD_KEY);
  const { volumes, certMounts } = volumesAndMounts(input);
  const shared: V1VolumeMount = { name: 'ironic-shared', mountPath: '/shared' };
  const common = commonEnv(input);
  const apiPort = { name: 'ironic-api', containerPort: port.api, hostPort: port.api, protocol: 'TCP' };
  const probe = {
    httpGet: { path: '/v1', port: port.api, scheme: tls ? 'HTTPS' : 'HTTP' },
    periodSeconds: 30,
    timeoutSeconds: 10,
  };
  const containers: V1Container[] = [
    {
      name: 'ironic',
      image: images.ironic,
      command: ['/bin/runironic'],
      env: [
        ...common,
        ...databaseEnv(input.database),
        ...externalUrlEnv(input),
        ...extraConfigEnv(input),
        // With TLS, httpd terminates the API and does the authentication.
        ...(tls ? [] : [htpasswd]),
      ],
      ports: tls ? [] : [apiPort],
      ...(tls ? {} : { readinessProbe: probe, livenessProbe: probe }),
      volumeMounts: [shared, ...certMounts],
    },
    {
      name: 'httpd',
      image: images.ironic,
      command: ['/bin/runhttpd'],
      env: [...common, ...(tls ? [htpasswd] : [])],
      ports: [
        { name: 'image-svc', containerPort: port.imageServer, hostPort: port.imageServer, protocol: 'TCP' },
        ...(tls ? [apiPort] : []),
        ...(tls && spec.disableVirtualMediaTLS !== true
          ? [
              {
                name: 'image-svc-tls',
                containerPort: port.imageServerTLS,
                hostPort: port.imageServerTLS,
                protocol: 'TCP',
              },
            ]
          : []),
      ],
      ...(tls ? { readinessProbe: probe, livenessProbe: probe } : {}),
      volumeMounts: [shared, ...certMounts],
    },
    {
      name: 'ramdisk-logs',
      image: images.ironic,
      command: ['/bin/runlogwatch.sh'],
      volumeMounts: [shared],
    },
  ];
  const dhcp = spec.networking?.dhcp;
  if (dhcp) containers.push(dnsmasqContainer(input, dhcp));
  if (spec.networking?.ipAddressManager === 'keepalived') {
    containers.push({
      name: 'keepalived',
      image: images.keepalived,
      env: [
        ...env('PROVISIONING_IP', spec.networking.ipAddress),
        ...env('PROVISIONING_INTERFACE', spec.networking.interface),
      ],
      securityContext: { capabilities: { add: ['NET_ADMIN', 'NET_BROADCAST', 'NET_RAW'] } },
    });
  }
  const initContainers: V1Container[] = spec.deployRamdisk?.disableDownloader
    ? []
    : [
        {
          name: 'ramdisk-downloader',
          image: images.ramdiskDownloader,
          command: ['/usr/local/bin/get-resource.sh'],
          volumeMounts: [shared],
        },
      ];
  const annotations: Record<string, string> = {
    [API_SECRET_VERSION_ANNOTATION]: secretVersion(input.credentialsSecret),
  };
  if (input.tlsSecret) annotations[TLS_SECRET_VERSION_ANNOTATION] = secretVersion(input.tlsSecret);
  if (input.database)
    annotations[DATABASE_SECRET_VERSION_ANNOTATION] = secretVersion(input.database.credentialsSecret);
  const selector = ironicSelector(name);
  const deploymentSpec: V1DeploymentSpec = {
    replicas: 1,
    strategy: { type: 'Recreate' },
    selector: { matchLabels: selector },
    template: {
      metadata: {
        labels: { ...selector, [IRONIC_NAME_LABEL]: name, [IRONIC_VERSION_LABEL]: images.version },
        annotations,
      },
      spec: {
        hostNetwork: true,
        dnsPolicy: 'ClusterFirstWithHostNet',
        automountServiceAccountToken: false,
        ...(spec.nodeSelector ? { nodeSelector: spec.nodeSelector } : {}),
        ...(initContainers.length > 0 ? { initContainers } : {}),
        containers,
        volumes,
      },
    },
  };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: ownedMetadata(ironic, ironicDeploymentName(name), selector, {
      [SPEC_HASH_ANNOTATION]: contentHash(deploymentSpec),
    }),
    spec: deploymentSpec,
  };
}

/** The Service's port for the API: 443 with TLS, else 80. */
export function ironicApiServicePort(tls: boolean): number {
  return tls ? 443 : 80;
}

/** Service named after the Ironic: the API on 443 with TLS (else 80) and the image server. */
export function renderIronicService(input: IronicRenderInput): V1Service {
  const { ironic } = input;
  const name = ironic.metadata.name ?? '';
  const port = ironicPorts(ironic);
  const tls = input.tlsSecret !== undefined;
  const servicePorts: V1ServicePort[] = [
    { name: 'ironic-api', port: ironicApiServicePort(tls), targetPort: port.api, protocol: 'TCP' },
    { name: 'image-svc', port: 8080, targetPort: port.imageServer, protocol: 'TCP' },
  ];
  if (tls && ironic.spec?.disableVirtualMediaTLS !== true)
    servicePorts.push({
      name: 'image-svc-tls',
      port: 8443,
      targetPort: port.imageServerTLS,
      protocol: 'TCP',
    });
  const selector = ironicSelector(name);
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: ownedMetadata(ironic, ironicServiceName(name), selector),
    spec: { type: 'ClusterIP', selector, ports: servicePorts },
  };
}

/**
 * This era's spec.ramdiskExtraKernelParams and the later deployRamdisk.extraKernelParams are both
 * kernel parameters for the same ramdisk: a manifest of either era works, and one that has both gets
 * both.
 */
function kernelParams(spec: IronicSpec): string | undefined {
  const params = [spec.ramdiskExtraKernelParams, spec.deployRamdisk?.extraKernelParams]
    .map((value) => value?.trim() ?? '')
    .filter((value) => value !== '');
  return params.length > 0 ? params.join(' ') : undefined;
}
