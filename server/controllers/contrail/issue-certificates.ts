/**
 * The signing half of the Contrail certificates: key pairs and X.509 certificates made with
 * @peculiar/x509 over Node's webcrypto, and what a stored certificate says of itself read with Node's
 * own X509Certificate. No I/O, but not deterministic (keys, serials): the planner decides what to issue.
 */
import {
  createHash,
  createPrivateKey,
  randomBytes,
  webcrypto,
  X509Certificate as NodeCertificate,
} from 'node:crypto';
import { availableParallelism } from 'node:os';
import type * as X509 from '@peculiar/x509';
import pLimit from 'p-limit';
import type { CertificateSubject, IssuedCertificate } from './plan-certificates';

const crypto = webcrypto as unknown as Crypto;

let x509Module: Promise<typeof X509> | undefined;
/**
 * Loaded on the first certificate, not at start: the package and what it loads (asn1 schemas,
 * tsyringe, reflect-metadata) take 13–15 MiB of RSS, which a process that runs no Contrail Manager (the
 * SIP controller's benchmark process; a server without Contrail) would hold for nothing.
 */
const loadX509 = () => (x509Module ??= import('@peculiar/x509'));

/** A certificate and its private key, both PEM (the key PKCS#1 for RSA, as upstream's pods read it). */
export interface KeyAndCertificate {
  certificate: string;
  key: string;
}

/** Upstream's key size and algorithm: RSA 2048 signed with SHA-256. */
const RSA: RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
};

/** The CA lives as long as upstream's (ten years); the pods' certificates are the ones rotated. */
export const CA_LIFETIME_MS = 10 * 365 * 24 * 3_600_000;

const CURVES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };

/** X.509 times have whole seconds. */
const toSecond = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

/** A positive 128-bit serial, as upstream draws it. */
function serialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

/**
 * RSA key generation (~0.1–0.2 s of CPU per key) runs on libuv's thread pool, off the event loop; at
 * most half the cores' worth at once, process-wide, so a burst of new pods (1,000 agents) leaves the
 * reconciles a core, and the pool's other users (file reads, DNS lookups) a thread.
 */
const keyGeneration = pLimit(Math.max(1, Math.floor(availableParallelism() / 2)));

async function newKeyPair(): Promise<{ keys: CryptoKeyPair; pem: string }> {
  const keys = await keyGeneration(() => crypto.subtle.generateKey(RSA, true, ['sign', 'verify']));
  const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', keys.privateKey));
  const pem = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })
    .export({ type: 'pkcs1', format: 'pem' })
    .toString();
  return { keys, pem };
}

/** A new self-signed CA (upstream's CommonName), valid from `now` for CA_LIFETIME_MS. */
export async function createCa(now: Date): Promise<KeyAndCertificate> {
  const x509 = await loadX509();
  const { keys, pem } = await newKeyPair();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: serialNumber(),
      name: 'CN=contrail-signer, OU=Contrail',
      notBefore: toSecond(now.getTime()),
      notAfter: toSecond(now.getTime() + CA_LIFETIME_MS),
      keys,
      extensions: [
        new x509.BasicConstraintsExtension(true, undefined, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature,
          true,
        ),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  return { certificate: certificate.toString('pem'), key: pem };
}

/** The CA's signing key and algorithm, from its PEM key (PKCS#1 or PKCS#8, RSA or EC). */
async function signerOf(keyPem: string): Promise<{ key: CryptoKey; algorithm: Algorithm | EcdsaParams }> {
  const keyObject = createPrivateKey(keyPem);
  const der = keyObject.export({ type: 'pkcs8', format: 'der' });
  if (keyObject.asymmetricKeyType === 'rsa') {
    const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
    return { key: await crypto.subtle.importKey('pkcs8', der, algorithm, false, ['sign']), algorithm };
  }
  const curve = CURVES[keyObject.asymmetricKeyDetails?.namedCurve ?? ''];
  if (keyObject.asymmetricKeyType === 'ec' && curve) {
    const key = await crypto.subtle.importKey('pkcs8', der, { name: 'ECDSA', namedCurve: curve }, false, [
      'sign',
    ]);
    return { key, algorithm: { name: 'ECDSA', hash: 'SHA-256' } };
  }
  throw new Error(
    `the CA key is ${keyObject.asymmetricKeyType ?? 'of an unknown type'}: an RSA or EC key is needed`,
  );
}

/**
 * A certificate for one pod, signed by the CA: CommonName the pod IP (upstream's), the subject's DNS
 * names and addresses as SANs, for both server and client use (the components authenticate each other).
 */
export async function issueCertificate(
  ca: KeyAndCertificate,
  subject: CertificateSubject,
  now: Date,
  lifetimeMs: number,
): Promise<KeyAndCertificate> {
  const x509 = await loadX509();
  const signer = await signerOf(ca.key);
  const caCertificate = new x509.X509Certificate(ca.certificate);
  const { keys, pem } = await newKeyPair();
  const names: X509.JsonGeneralName[] = [
    ...subject.dnsNames.map((value) => ({ type: 'dns' as const, value })),
    ...[subject.ip, ...subject.otherIps].map((value) => ({ type: 'ip' as const, value })),
  ];
  const certificate = await x509.X509CertificateGenerator.create(
    {
      serialNumber: serialNumber(),
      subject: `CN=${subject.ip}, OU=Contrail`,
      issuer: caCertificate.subject,
      notBefore: toSecond(now.getTime()),
      notAfter: toSecond(now.getTime() + lifetimeMs),
      publicKey: keys.publicKey,
      signingKey: signer.key,
      signingAlgorithm: signer.algorithm,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment,
          true,
        ),
        new x509.ExtendedKeyUsageExtension([
          x509.ExtendedKeyUsage.serverAuth,
          x509.ExtendedKeyUsage.clientAuth,
        ]),
        new x509.SubjectAlternativeNameExtension(names),
        await x509.AuthorityKeyIdentifierExtension.create(caCertificate, false, crypto),
      ],
    },
    crypto,
  );
  return { certificate: certificate.toString('pem'), key: pem };
}

/** Parses a CA certificate; throws with the reason when it is not one. */
export function readCaCertificate(pem: string): NodeCertificate {
  const certificate = new NodeCertificate(pem);
  if (!certificate.ca) throw new Error('the certificate is not a CA certificate (basicConstraints CA:FALSE)');
  return certificate;
}

/** What a stored certificate names and when it is valid; undefined when it cannot be read. */
export function readIssued(pem: string, ca: NodeCertificate): IssuedCertificate | undefined {
  let certificate: NodeCertificate;
  try {
    certificate = new NodeCertificate(pem);
  } catch {
    return undefined;
  }
  const dnsNames: string[] = [];
  const ips: string[] = [];
  for (const entry of (certificate.subjectAltName ?? '').split(', ')) {
    if (entry.startsWith('DNS:')) dnsNames.push(entry.slice(4));
    else if (entry.startsWith('IP Address:')) ips.push(entry.slice(11));
  }
  return {
    dnsNames,
    ips,
    notBefore: new Date(certificate.validFrom),
    notAfter: new Date(certificate.validTo),
    signedByCa: certificate.checkIssued(ca) && certificate.verify(ca.publicKey),
  };
}

/** How many stored certificates' readings are remembered (~200 bytes each); the oldest go first. */
const READINGS_KEPT = 20_000;
const readings = new Map<string, IssuedCertificate | undefined>();

/**
 * readIssued of a stored certificate (base64 PEM, as a Secret holds it), remembered by its hash and the
 * CA's fingerprint: parsing it and checking its signature costs 1–2 ms of the event loop, and every
 * pass of a component reads each of its pods' certificates again.
 */
export function readStoredIssued(base64: string, ca: NodeCertificate): IssuedCertificate | undefined {
  const key = `${ca.fingerprint256}/${createHash('sha256').update(base64).digest('base64')}`;
  if (readings.has(key)) return readings.get(key);
  const facts = readIssued(Buffer.from(base64, 'base64').toString(), ca);
  if (readings.size >= READINGS_KEPT) readings.delete(readings.keys().next().value ?? '');
  readings.set(key, facts);
  return facts;
}
