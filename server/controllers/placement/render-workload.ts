/**
 * The PlacementAPI's workload objects as upstream renders them: the RBAC trio, the two endpoint
 * Services, the db-sync Job and the API Deployment. Pure.
 */
import type {
  V1Affinity,
  V1Deployment,
  V1Job,
  V1PodSpec,
  V1Probe,
  V1ResourceRequirements,
  V1PolicyRule,
  V1Role,
  V1RoleBinding,
  V1Service,
  V1ServiceAccount,
  V1TopologySpreadConstraint,
  V1Volume,
  V1VolumeMount,
} from '@kubernetes/client-node';
import type { PlacementAPI, PlacementAPIServiceOverride } from '../../types/crds/placement-api';
import { contentHash, SPEC_HASH_ANNOTATION } from '../common/content-hash';
import { tlsEnabled } from './render-config';
import {
  DBSYNC_HASH_ANNOTATION,
  DEFAULT_IMAGE,
  INPUT_HASH_ANNOTATION,
  KOLLA_START,
  names,
  NETWORKS_ANNOTATION,
  ownedMetadata,
  PLACEMENT_PORT,
  PLACEMENT_UID,
  SERVICE_NAME,
  serviceLabels,
  type EndpointType,
} from './placement-names';

/** Upstream's Role for the placement pods; the controller must hold these rules to grant them. */
export const PLACEMENT_ROLE_RULES: V1PolicyRule[] = [
  {
    apiGroups: ['security.openshift.io'],
    resourceNames: ['anyuid'],
    resources: ['securitycontextconstraints'],
    verbs: ['use'],
  },
  {
    apiGroups: [''],
    resources: ['pods'],
    verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
  },
];

export function renderRbac(placement: PlacementAPI): [V1ServiceAccount, V1Role, V1RoleBinding] {
  const name = placement.metadata.name ?? '';
  const account = names.serviceAccount(name);
  return [
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: ownedMetadata(placement, account) },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: ownedMetadata(placement, names.role(name)),
      rules: PLACEMENT_ROLE_RULES,
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: ownedMetadata(placement, names.roleBinding(name)),
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: names.role(name) },
      subjects: [{ kind: 'ServiceAccount', name: account, namespace: placement.metadata.namespace ?? '' }],
    },
  ];
}

function overrideOf(placement: PlacementAPI, endpoint: EndpointType): PlacementAPIServiceOverride {
  return placement.spec.override?.service?.[endpoint] ?? {};
}

/** Service `placement-<endpoint>` on 8778 with upstream's labels and annotations, then the override. */
export function renderService(placement: PlacementAPI, endpoint: EndpointType): V1Service {
  const override = overrideOf(placement, endpoint);
  const type = override.spec?.type ?? 'ClusterIP';
  const name = names.service(endpoint);
  const annotations: Record<string, string> = {
    endpoint,
    'core.openstack.org/ingress_create': String(endpoint === 'public' && type === 'ClusterIP'),
    ...(type === 'LoadBalancer'
      ? { 'dnsmasq.network.openstack.org/hostname': `${name}.${placement.metadata.namespace ?? ''}.svc` }
      : {}),
    ...override.metadata?.annotations,
  };
  const labels = { ...serviceLabels(placement), endpoint, ...override.metadata?.labels };
  const spec = {
    ...override.spec,
    type,
    selector: serviceLabels(placement),
    ports: [{ name: `${SERVICE_NAME}-${endpoint}`, port: PLACEMENT_PORT, protocol: 'TCP' }],
  };
  // The hash makes a removed override field a difference the owned-object sync sees (and applies).
  annotations[SPEC_HASH_ANNOTATION] = contentHash({ labels, annotations, spec });
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: ownedMetadata(placement, name, labels, annotations),
    spec,
  };
}

/** The endpoint's URL: the override's endpointURL, else the Service's cluster DNS name. */
export function endpointURL(placement: PlacementAPI, endpoint: EndpointType): string {
  const explicit = overrideOf(placement, endpoint).endpointURL;
  if (explicit) return explicit;
  const scheme = tlsEnabled(placement, endpoint) ? 'https' : 'http';
  return `${scheme}://${names.service(endpoint)}.${placement.metadata.namespace ?? ''}.svc:${PLACEMENT_PORT}`;
}

function volumes(placement: PlacementAPI): V1Volume[] {
  const name = placement.metadata.name ?? '';
  const tls = placement.spec.tls;
  return [
    { name: 'scripts', secret: { secretName: names.scripts(name), defaultMode: 0o755 } },
    { name: 'config-data', secret: { secretName: names.configData(name), defaultMode: 0o640 } },
    { name: 'logs', emptyDir: {} },
    ...(tls?.caBundleSecretName
      ? [{ name: 'combined-ca-bundle', secret: { secretName: tls.caBundleSecretName, defaultMode: 0o444 } }]
      : []),
  ];
}

function volumeMounts(placement: PlacementAPI, kolla: 'api' | 'dbsync'): V1VolumeMount[] {
  return [
    { name: 'scripts', mountPath: '/usr/local/bin/container-scripts', readOnly: true },
    { name: 'logs', mountPath: '/var/log/placement' },
    { name: 'config-data', mountPath: '/var/lib/openstack/config' },
    {
      name: 'scripts',
      mountPath: '/var/lib/kolla/config_files/config.json',
      subPath: `placement-${kolla}-config.json`,
      readOnly: true,
    },
    ...(placement.spec.tls?.caBundleSecretName
      ? [
          {
            name: 'combined-ca-bundle',
            mountPath: '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem',
            subPath: 'tls-ca-bundle.pem',
            readOnly: true,
          },
        ]
      : []),
  ];
}

/** The db-sync Job; its hash (over the whole definition) decides whether it runs again. */
export function renderDbSyncJob(placement: PlacementAPI, networks: string | undefined): V1Job {
  const name = placement.metadata.name ?? '';
  const podSpec: V1PodSpec = {
    restartPolicy: 'OnFailure',
    serviceAccountName: names.serviceAccount(name),
    containers: [
      {
        name: names.dbSyncJob(name),
        image: placement.spec.containerImage ?? DEFAULT_IMAGE,
        command: ['/bin/bash'],
        args: ['-c', KOLLA_START],
        securityContext: { runAsUser: PLACEMENT_UID },
        env: [
          { name: 'KOLLA_BOOTSTRAP', value: 'true' },
          { name: 'KOLLA_CONFIG_STRATEGY', value: 'COPY_ALWAYS' },
        ],
        volumeMounts: volumeMounts(placement, 'dbsync'),
      },
    ],
    volumes: volumes(placement),
    ...(placement.spec.nodeSelector ? { nodeSelector: placement.spec.nodeSelector } : {}),
  };
  const template = {
    metadata: networks ? { annotations: { [NETWORKS_ANNOTATION]: networks } } : {},
    spec: podSpec,
  };
  const hash = contentHash(template);
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: ownedMetadata(placement, names.dbSyncJob(name), serviceLabels(placement), {
      [DBSYNC_HASH_ANNOTATION]: hash,
    }),
    spec: { template },
  };
}

export function jobHash(job: V1Job | undefined): string | undefined {
  return job?.metadata?.annotations?.[DBSYNC_HASH_ANNOTATION];
}

export interface TopologyRules {
  topologySpreadConstraints?: V1TopologySpreadConstraint[];
  affinity?: V1Affinity;
}

/** upstream's affinity.DistributePods: prefer one API pod per node. */
function defaultAntiAffinity(): V1Affinity {
  return {
    podAntiAffinity: {
      preferredDuringSchedulingIgnoredDuringExecution: [
        {
          weight: 100,
          podAffinityTerm: {
            labelSelector: {
              matchExpressions: [{ key: 'service', operator: 'In', values: [SERVICE_NAME] }],
            },
            topologyKey: 'kubernetes.io/hostname',
          },
        },
      ],
    },
  };
}

/** The CRD's int-or-string quantities as the strings the Kubernetes client types use. */
function quantities(resources: NonNullable<PlacementAPI['spec']['resources']>): V1ResourceRequirements {
  const strings = (map?: Record<string, number | string>) =>
    map ? Object.fromEntries(Object.entries(map).map(([key, value]) => [key, String(value)])) : undefined;
  return {
    ...(resources.limits ? { limits: strings(resources.limits) } : {}),
    ...(resources.requests ? { requests: strings(resources.requests) } : {}),
  };
}

export interface DeploymentInputs {
  inputHash: string;
  networks: string | undefined;
  topology: TopologyRules | undefined;
}

export function renderDeployment(placement: PlacementAPI, inputs: DeploymentInputs): V1Deployment {
  const name = placement.metadata.name ?? '';
  const labels = serviceLabels(placement);
  const scheme = tlsEnabled(placement, 'public') ? 'HTTPS' : 'HTTP';
  const probe: V1Probe = {
    httpGet: { port: PLACEMENT_PORT, scheme },
    timeoutSeconds: 30,
    periodSeconds: 30,
    initialDelaySeconds: 5,
  };
  const image = placement.spec.containerImage ?? DEFAULT_IMAGE;
  const env = [
    { name: 'CONFIG_HASH', value: inputs.inputHash },
    { name: 'KOLLA_CONFIG_STRATEGY', value: 'COPY_ALWAYS' },
  ];
  const common = {
    image,
    securityContext: { runAsUser: PLACEMENT_UID },
    env,
    volumeMounts: volumeMounts(placement, 'api'),
    readinessProbe: probe,
    livenessProbe: probe,
    ...(placement.spec.resources ? { resources: quantities(placement.spec.resources) } : {}),
  };
  const annotations: Record<string, string> = { [INPUT_HASH_ANNOTATION]: inputs.inputHash };
  if (inputs.networks) annotations[NETWORKS_ANNOTATION] = inputs.networks;
  const tlsVolumes = (['internal', 'public'] as const).flatMap((endpoint) => {
    const secretName = placement.spec.tls?.api?.[endpoint]?.secretName;
    return secretName ? [{ name: `${endpoint}-tls-certs`, secret: { secretName, defaultMode: 0o440 } }] : [];
  });
  const tlsMounts = tlsVolumes.flatMap((volume) => {
    const endpoint = volume.name.replace('-tls-certs', '');
    return [
      {
        name: volume.name,
        mountPath: `/var/lib/config-data/tls/certs/${endpoint}.crt`,
        subPath: 'tls.crt',
        readOnly: true,
      },
      {
        name: volume.name,
        mountPath: `/var/lib/config-data/tls/private/${endpoint}.key`,
        subPath: 'tls.key',
        readOnly: true,
      },
    ];
  });
  const podSpec: V1PodSpec = {
    serviceAccountName: names.serviceAccount(name),
    volumes: [...volumes(placement), ...tlsVolumes],
    containers: [
      {
        name: `${name}-log`,
        command: ['/usr/bin/dumb-init'],
        args: ['--single-child', '--', '/usr/bin/tail', '-n+1', '-F', '/var/log/placement/placement-api.log'],
        ...common,
        volumeMounts: [...common.volumeMounts, ...tlsMounts],
      },
      {
        name: `${name}-api`,
        command: ['/bin/bash'],
        args: ['-c', KOLLA_START],
        ...common,
        volumeMounts: [...common.volumeMounts, ...tlsMounts],
      },
    ],
    ...(placement.spec.nodeSelector ? { nodeSelector: placement.spec.nodeSelector } : {}),
    ...(inputs.topology ?? { affinity: defaultAntiAffinity() }),
  };
  const spec = {
    replicas: placement.spec.replicas ?? 1,
    selector: { matchLabels: labels },
    template: { metadata: { labels, annotations }, spec: podSpec },
  };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: ownedMetadata(placement, names.deployment(name), labels, {
      [SPEC_HASH_ANNOTATION]: contentHash(spec),
    }),
    spec,
  };
}
