import type { V1Pod } from '@kubernetes/client-node';

/**
 * Which per-pod certificates a Contrail component's Secret should hold, decided from the pods seen and
 * the certificates already issued. Deciding is pure; signing is the issuer's (issue-certificates.ts).
 */

/** What one pod's certificate must name: the pod IP first (upstream's key and CommonName), then the rest. */
export interface CertificateSubject {
  ip: string;
  /** The pod's host name and the DNS names it is reached by. */
  dnsNames: string[];
  /** Addresses beside the pod IP it is reached by (its Service's cluster IP). */
  otherIps: string[];
}

/** What a stored certificate says of itself, as read from its PEM against the cluster's CA. */
export interface IssuedCertificate {
  dnsNames: string[];
  ips: string[];
  notBefore: Date;
  notAfter: Date;
  /** It verifies against the current CA's public key (false after the CA was replaced). */
  signedByCa: boolean;
}

export type IssueReason =
  'missing' | 'names changed' | 'other CA' | 'renew window' | 'not yet valid' | 'renewed with the rest';

export interface CertificatePlan {
  /** Pod IPs whose stored certificate and key stay as they are. */
  keep: string[];
  /** Subjects to sign anew, each with why. */
  issue: { subject: CertificateSubject; reason: IssueReason }[];
  /** When the earliest kept certificate enters its renew window: the reconcile looks again then. */
  renewAt?: Date;
  /**
   * The pods' certificate generation, carried by their template: one more than before when a
   * certificate a pod runs with is renewed or re-signed (ROLLING_REASONS), since the programs read
   * their files only at start and the workload must roll to restart them.
   */
  generation: number;
}

/**
 * A certificate is re-issued once a third of its lifetime is left (docs/decisions.md): late enough that
 * certificates are not churned, early enough that a controller down for a while still renews in time.
 */
export function renewWindowMs(lifetimeMs: number): number {
  return Math.floor(lifetimeMs / 3);
}

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

function reasonToIssue(
  subject: CertificateSubject,
  issued: IssuedCertificate | undefined,
  now: Date,
): IssueReason | undefined {
  if (!issued) return 'missing';
  if (!issued.signedByCa) return 'other CA';
  if (!sameSet(issued.dnsNames, subject.dnsNames) || !sameSet(issued.ips, [subject.ip, ...subject.otherIps]))
    return 'names changed';
  if (issued.notBefore.getTime() > now.getTime()) return 'not yet valid';
  const lifetime = issued.notAfter.getTime() - issued.notBefore.getTime();
  if (now.getTime() >= issued.notAfter.getTime() - renewWindowMs(lifetime)) return 'renew window';
  return undefined;
}

/**
 * Why a certificate is replaced that makes the pod running with it restart: it expires soon, another
 * CA signed it, or it is not valid yet. Not a new pod's first certificate, nor one whose names changed:
 * that is a new pod at an old pod's address (a DaemonSet's host-network agent, under a new name), which
 * is still reached at that address, and rolling for it would give every new agent a new name again.
 */
const ROLLING_REASONS: ReadonlySet<IssueReason> = new Set(['renew window', 'other CA', 'not yet valid']);

/**
 * One certificate per subject (pod IP): kept while it names exactly the subject's names, verifies
 * against the CA and is outside its renew window; issued anew otherwise. When one is replaced for a
 * reason that needs its pod restarted (ROLLING_REASONS), every kept one is replaced with it and the
 * generation goes up: the pods restart anyway as the workload rolls, and certificates issued together
 * are renewed together, so a component rolls once per renewal rather than once per pod. Certificates
 * of IPs no pod has any more are dropped (the Secret holds only what current pods use).
 */
export function planCertificates(
  subjects: CertificateSubject[],
  issued: ReadonlyMap<string, IssuedCertificate>,
  now: Date,
  lifetimeMs: number,
  generation = 0,
): CertificatePlan {
  const reasons = subjects.map((subject) => reasonToIssue(subject, issued.get(subject.ip), now));
  const replaced = reasons.some((reason) => reason !== undefined && ROLLING_REASONS.has(reason));
  const plan: CertificatePlan = { keep: [], issue: [], generation: replaced ? generation + 1 : generation };
  let renewAt: number | undefined;
  subjects.forEach((subject, index) => {
    const reason = reasons[index] ?? (replaced ? 'renewed with the rest' : undefined);
    if (reason) {
      plan.issue.push({ subject, reason });
      return;
    }
    plan.keep.push(subject.ip);
    const current = issued.get(subject.ip);
    if (current) {
      const lifetime = current.notAfter.getTime() - current.notBefore.getTime();
      const at = current.notAfter.getTime() - renewWindowMs(lifetime);
      renewAt = renewAt === undefined ? at : Math.min(renewAt, at);
    }
  });
  // What is issued now is renewed a lifetime less its window from now.
  if (plan.issue.length > 0) {
    const fresh = now.getTime() + lifetimeMs - renewWindowMs(lifetimeMs);
    renewAt = renewAt === undefined ? fresh : Math.min(renewAt, fresh);
  }
  if (renewAt !== undefined) plan.renewAt = new Date(renewAt);
  return plan;
}

/** The Service a component's pods are reached through, for their certificates' names. */
export interface ServiceIdentity {
  name: string;
  namespace: string;
  clusterIP?: string;
}

/**
 * A subject per pod with an IP (not being deleted): its host name as upstream names it (the node's for
 * a host-network pod, else the pod's), and with a Service the pod's and the Service's DNS names and the
 * Service's cluster IP.
 */
export function certificateSubjects(
  pods: V1Pod[],
  service: ServiceIdentity | undefined,
): CertificateSubject[] {
  return pods.flatMap((pod) => {
    const ip = pod.status?.podIP;
    const name = pod.metadata?.name ?? '';
    if (!ip || !name || pod.metadata?.deletionTimestamp) return [];
    const hostname = (pod.spec?.hostNetwork ? pod.spec.nodeName : pod.spec?.hostname) ?? name;
    const names = [hostname, name];
    const otherIps: string[] = [];
    if (service) {
      const domain = `${service.name}.${service.namespace}.svc`;
      names.push(`${name}.${domain}`, domain);
      if (service.clusterIP && service.clusterIP !== 'None' && service.clusterIP !== ip)
        otherIps.push(service.clusterIP);
    }
    return [{ ip, dnsNames: [...new Set(names)], otherIps }];
  });
}
