/**
 * The I/O half of a Contrail component's certificates: the cluster's CA Secret (made once when none
 * exists, or the user's), the component's stored per-pod certificates, the planner's decision and the
 * issuer's signing, giving the certificate Secret's data as it should be.
 */
import type { V1Pod, V1Secret } from '@kubernetes/client-node';
import { createSecretOnce, type SecretWriter } from '../../kube/create-secret-once';
import type { SecretValues } from '../../kube/secret-values';
import type { WatchDeclaration } from '../../kube/controller-declaration';
import { secretResource, type ResourceDescriptor } from '../../kube/resource';
import {
  createCa,
  issueCertificate,
  readCaCertificate,
  readStoredIssued,
  type KeyAndCertificate,
} from './issue-certificates';
import {
  certificateSubjects,
  planCertificates,
  type IssuedCertificate,
  type ServiceIdentity,
} from './plan-certificates';

/** Upstream's CA Secret, one per namespace, and its two keys. */
export const CA_SECRET = 'contrail-ca-certificate';
export const CA_CERTIFICATE_KEY = 'ca-bundle.crt';
export const CA_PRIVATE_KEY_KEY = 'ca-priv-key.pem';
/** Where upstream's pods find their own certificate and key, and the CA's certificate. */
export const CERTIFICATES_DIR = '/etc/certificates';
export const CA_DIR = '/etc/ssl/certs/kubernetes';

/** Upstream's per-component Secret of per-pod certificates. */
export const certificatesSecretName = (name: string) => `${name}-secret-certificates`;
/** Upstream's keys in it, by pod IP; `status-<ip>` is upstream's mark of a signed certificate. */
export const certificateKey = (ip: string) => `server-${ip}.crt`;
export const privateKeyKey = (ip: string) => `server-key-${ip}.pem`;
const statusKey = (ip: string) => `status-${ip}`;
/**
 * How many times certificates the pods ran with were replaced, kept in the certificate Secret's data
 * (read and written with the certificates, so it is never older than them) and carried by the pod
 * template (pod-tls.ts, certificateTemplateAnnotations), whose change rolls the workload.
 */
const GENERATION_KEY = 'rackpilot-certificate-generation';

/**
 * What the certificates use of a controller's context: the client, Secret values, and the metrics and
 * name its writes are counted under. A benchmark's floor gives the same without a controller.
 */
export type CertificateAccess = SecretWriter & { secrets: Pick<SecretValues, 'get' | 'fetch' | 'remember'> };

/** The certificate Secret's data (base64) as it should be, and when to look again to renew. */
export interface ComponentCertificates {
  data: Record<string, string>;
  renewAt?: Date;
  /** How many certificates this pass signed. */
  issued: number;
  /** The pods' certificate generation (planCertificates); unset is 0, the first certificates'. */
  generation?: number;
  /** This pass replaced certificates the pods run with: the generation went up and the workload rolls. */
  rolled?: boolean;
}

const decoded = (value: string | undefined) =>
  value === undefined ? undefined : Buffer.from(value, 'base64').toString();
const encoded = (value: string) => Buffer.from(value).toString('base64');

/**
 * The namespace's CA: the Secret as it is (the user's, or one made earlier), else a new one created
 * once; when another controller created it first, that one. It carries no owner: the Manager's or a
 * component's deletion must not take the trust of the rest with it (docs/decisions.md).
 */
async function clusterCa(ctx: CertificateAccess, namespace: string, now: Date): Promise<KeyAndCertificate> {
  let secret = await ctx.secrets.get(namespace, CA_SECRET);
  if (!secret) {
    const ca = await createCa(now);
    const created = await createSecretOnce(ctx, {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: CA_SECRET, namespace },
      type: 'Opaque',
      data: { [CA_CERTIFICATE_KEY]: encoded(ca.certificate), [CA_PRIVATE_KEY_KEY]: encoded(ca.key) },
    } satisfies V1Secret);
    secret = created ?? (await ctx.secrets.fetch(namespace, CA_SECRET));
  }
  const certificate = decoded(secret?.data?.[CA_CERTIFICATE_KEY]);
  const key = decoded(secret?.data?.[CA_PRIVATE_KEY_KEY]);
  if (!certificate || !key) {
    throw new Error(
      `Secret ${namespace}/${CA_SECRET} must hold the CA's certificate in ${CA_CERTIFICATE_KEY} and its key in ${CA_PRIVATE_KEY_KEY}`,
    );
  }
  return { certificate, key };
}

/**
 * The certificate Secret of component `name` for its pods as seen: each pod's certificate kept or
 * signed anew as planCertificates decides, the CA's certificate beside them.
 */
export async function componentCertificates(
  ctx: CertificateAccess,
  owner: { namespace: string; name: string },
  pods: V1Pod[],
  service: ServiceIdentity | undefined,
  now: Date,
  lifetimeMs: number,
): Promise<ComponentCertificates> {
  const ca = await clusterCa(ctx, owner.namespace, now);
  let caCertificate;
  try {
    caCertificate = readCaCertificate(ca.certificate);
  } catch (error) {
    throw new Error(`Secret ${owner.namespace}/${CA_SECRET}: ${(error as Error).message}`, { cause: error });
  }
  const stored = (await ctx.secrets.get(owner.namespace, certificatesSecretName(owner.name)))?.data ?? {};
  const subjects = certificateSubjects(pods, service);
  const issued = new Map<string, IssuedCertificate>();
  for (const { ip } of subjects) {
    const pem = stored[certificateKey(ip)];
    const facts = pem && stored[privateKeyKey(ip)] ? readStoredIssued(pem, caCertificate) : undefined;
    if (facts) issued.set(ip, facts);
  }
  const previous = storedGeneration(stored);
  const plan = planCertificates(subjects, issued, now, lifetimeMs, previous);
  const data: Record<string, string> = { [CA_CERTIFICATE_KEY]: encoded(ca.certificate) };
  for (const ip of plan.keep) {
    for (const key of [certificateKey(ip), privateKeyKey(ip), statusKey(ip)])
      data[key] = stored[key] ?? encoded('Approved');
  }
  // Key generation runs on libuv's thread pool, side by side up to the issuer's process-wide bound.
  const signed = await Promise.all(
    plan.issue.map(async ({ subject }) => ({
      subject,
      ...(await issueCertificate(ca, subject, now, lifetimeMs)),
    })),
  );
  for (const { subject, certificate, key } of signed) {
    data[certificateKey(subject.ip)] = encoded(certificate);
    data[privateKeyKey(subject.ip)] = encoded(key);
    data[statusKey(subject.ip)] = encoded('Approved');
  }
  if (plan.generation > 0) data[GENERATION_KEY] = encoded(String(plan.generation));
  return {
    data,
    ...(plan.renewAt ? { renewAt: plan.renewAt } : {}),
    issued: plan.issue.length,
    generation: plan.generation,
    rolled: plan.generation !== previous,
  };
}

/** The generation the stored Secret holds; 0 without one (or for a value that is not a count). */
function storedGeneration(stored: Record<string, string>): number {
  const value = Number(decoded(stored[GENERATION_KEY]) ?? 0);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** A CA put in place (or replaced) re-issues every certificate of its namespace: each object of `resource` there. */
export function caSecretWatch(resource: ResourceDescriptor): WatchDeclaration {
  return {
    resource: secretResource,
    map: (secret, _previous, caches) => {
      const namespace = secret.metadata?.namespace ?? '';
      if (secret.metadata?.name !== CA_SECRET) return [];
      return caches
        .of(resource)
        .list()
        .filter((object) => object.metadata?.namespace === namespace)
        .map((object) => `${namespace}/${object.metadata?.name ?? ''}`);
    },
  };
}
