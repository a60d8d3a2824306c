import type { KubernetesObject, V1Secret, V1Volume, V1VolumeMount } from '@kubernetes/client-node';
import type { PlannedEvent } from '../../kube/reconcile-steps';
import {
  CA_CERTIFICATE_KEY,
  CA_DIR,
  CERTIFICATES_DIR,
  certificateKey,
  certificatesSecretName,
  privateKeyKey,
  type ComponentCertificates,
} from './component-certificates';
import { ownedMeta, type ServiceOwner } from './service-workload';

/**
 * Where a Contrail pod finds its own certificate, its key and the cluster's CA, as the certificate
 * Secret is mounted (certificateVolumes) and as upstream's rendered files name them.
 */
export interface PodTls {
  certificate: string;
  key: string;
  ca: string;
}

export const CA_FILE = `${CA_DIR}/${CA_CERTIFICATE_KEY}`;

export function podTls(ip: string): PodTls {
  return {
    certificate: `${CERTIFICATES_DIR}/${certificateKey(ip)}`,
    key: `${CERTIFICATES_DIR}/${privateKeyKey(ip)}`,
    ca: CA_FILE,
  };
}

/** Each container's view of the certificate Secret: its own files, and the CA's alone at upstream's path. */
export const CERTIFICATE_MOUNTS: V1VolumeMount[] = [
  { name: 'certificates', mountPath: CERTIFICATES_DIR, readOnly: true },
  { name: 'ca-certificate', mountPath: CA_DIR, readOnly: true },
];

/** The two volumes CERTIFICATE_MOUNTS name, both of the service `name`'s certificate Secret. */
export function certificateVolumes(name: string): V1Volume[] {
  return [
    { name: 'certificates', secret: { secretName: certificatesSecretName(name) } },
    {
      name: 'ca-certificate',
      secret: {
        secretName: certificatesSecretName(name),
        items: [{ key: CA_CERTIFICATE_KEY, path: CA_CERTIFICATE_KEY }],
      },
    },
  ];
}

/** On the pod template: the pods' certificate generation (ComponentCertificates.generation). */
export const CERTIFICATE_GENERATION_ANNOTATION = 'rackpilot.io/certificate-generation';

/**
 * The pod template's annotation of the certificates' generation, none for the first certificates: a
 * replaced certificate changes the template, so the StatefulSet or DaemonSet replaces its pods one at
 * a time and each program starts on its new files (they read them only at start).
 */
export function certificateTemplateAnnotations(certificates: ComponentCertificates | undefined): {
  annotations?: Record<string, string>;
} {
  const generation = certificates?.generation ?? 0;
  return generation > 0 ? { annotations: { [CERTIFICATE_GENERATION_ANNOTATION]: String(generation) } } : {};
}

/** The certificate Secret as the certificate step made its data, owned by the service. */
export function renderCertificateSecret(
  owner: ServiceOwner,
  object: KubernetesObject,
  certificates: ComponentCertificates,
): V1Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: ownedMeta(owner, object, certificatesSecretName(object.metadata?.name ?? '')),
    type: 'Opaque',
    data: certificates.data,
  };
}

/** Looked at again no sooner than this, however close a renewal is (seconds-precise X.509 times). */
const MIN_RENEW_REQUEUE_MS = 1000;
/**
 * And no later than this: a renewal months away is looked at again daily (a timer takes at most
 * 2^31 - 1 ms; a longer one fires at once).
 */
const MAX_RENEW_REQUEUE_MS = 24 * 3_600_000;

/** How long until the earliest certificate is due for renewal, within the bounds above; undefined without one. */
export function certificateRequeueMs(certificates: ComponentCertificates, now: Date): number | undefined {
  const { renewAt } = certificates;
  if (!renewAt) return undefined;
  return Math.min(MAX_RENEW_REQUEUE_MS, Math.max(MIN_RENEW_REQUEUE_MS, renewAt.getTime() - now.getTime()));
}

/** The event saying how many certificates this pass signed, if any, and whether the pods roll for them. */
export function certificateEvents(certificates: ComponentCertificates): PlannedEvent[] {
  const { issued, rolled } = certificates;
  const roll = rolled ? '; they replace certificates in use, so the pods restart one at a time' : '';
  return issued > 0
    ? [
        {
          type: 'Normal',
          reason: 'CertificatesIssued',
          note: `${issued} pod certificate${issued === 1 ? '' : 's'} signed by the cluster's CA${roll}`,
        },
      ]
    : [];
}

/**
 * The [SANDESH] section every Contrail program reads: its messages to the collector and its
 * introspect page over TLS with the pod's certificate. `readsInsecure`: the C++ programs also read
 * introspect_ssl_insecure (upstream sets it, so a browser needs no client certificate); the Python
 * ones do not know the key.
 */
export function sandeshTls(ip: string, readsInsecure: boolean): Record<string, string> {
  const tls = podTls(ip);
  return {
    introspect_ssl_enable: 'True',
    ...(readsInsecure ? { introspect_ssl_insecure: 'True' } : {}),
    sandesh_ssl_enable: 'True',
    sandesh_keyfile: tls.key,
    sandesh_certfile: tls.certificate,
    sandesh_ca_cert: tls.ca,
  };
}

/** The Python programs' RabbitMQ client (kombu) over TLS with the pod's certificate, as upstream sets it. */
export function kombuTls(ip: string): Record<string, string> {
  const tls = podTls(ip);
  return {
    rabbit_use_ssl: 'True',
    kombu_ssl_keyfile: tls.key,
    kombu_ssl_certfile: tls.certificate,
    kombu_ssl_ca_certs: tls.ca,
    kombu_ssl_version: 'tlsv1_2',
  };
}

/** The C++ programs' [CONFIGDB]: Cassandra and RabbitMQ over TLS, as upstream sets it. */
export function configDbTls(ip: string): Record<string, string> {
  const tls = podTls(ip);
  return {
    config_db_use_ssl: 'True',
    config_db_ca_certs: tls.ca,
    rabbitmq_use_ssl: 'True',
    rabbitmq_ssl_keyfile: tls.key,
    rabbitmq_ssl_certfile: tls.certificate,
    rabbitmq_ssl_ca_certs: tls.ca,
    rabbitmq_ssl_version: 'tlsv1_2',
  };
}

/** The Cassandra client's TLS (server-verified against the CA; Cassandra asks no client certificate). */
export const CASSANDRA_CLIENT_TLS = { cassandra_use_ssl: 'True', cassandra_ca_certs: CA_FILE };

/** vnc_api_lib.ini's [global]: the API client reaches Config's API servers over TLS, verified against the CA. */
export function vncApiGlobal(servers: string, apiPort: number): Record<string, string | number> {
  return { WEB_SERVER: servers, WEB_PORT: apiPort, BASE_URL: '/', use_ssl: 'True', cafile: CA_FILE };
}
