import { createPrivateKey, createPublicKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CA_LIFETIME_MS,
  createCa,
  issueCertificate,
  readCaCertificate,
  readIssued,
  readStoredIssued,
} from './issue-certificates';
import type { CertificateSubject } from './plan-certificates';

/** RSA key generation takes a CPU's second or two on a busy machine; a test makes a few keys. */
const KEYS_TIMEOUT_MS = 60_000;
const now = new Date('2026-12-01T10:00:00.600Z');
const subject: CertificateSubject = {
  ip: '10.1.0.1',
  dnsNames: ['node-a', 'config1-0.config1-config.ns.svc'],
  otherIps: ['10.96.0.9'],
};

describe('the issuer', () => {
  it(
    'makes a CA and signs a pod certificate that chains to it, names the pod and goes with its key',
    async () => {
      const ca = await createCa(now);
      const caCertificate = readCaCertificate(ca.certificate);
      expect(caCertificate.subject).toContain('CN=contrail-signer');
      expect(new Date(caCertificate.validTo).getTime()).toBe(
        new Date('2026-12-01T10:00:00Z').getTime() + CA_LIFETIME_MS,
      );
      expect(ca.key).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);

      const issued = await issueCertificate(ca, subject, now, 60_000);
      const certificate = new X509Certificate(issued.certificate);
      expect(certificate.verify(caCertificate.publicKey)).toBe(true);
      expect(certificate.checkIssued(caCertificate)).toBe(true);
      expect(certificate.checkPrivateKey(createPrivateKey(issued.key))).toBe(true);
      expect(certificate.ca).toBe(false);
      expect(certificate.subject).toContain('CN=10.1.0.1');
      expect(certificate.checkIP('10.96.0.9')).toBe('10.96.0.9');
      expect(certificate.checkHost('config1-0.config1-config.ns.svc')).toBe(
        'config1-0.config1-config.ns.svc',
      );
      expect(certificate.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1', '1.3.6.1.5.5.7.3.2']);

      // What the planner reads of it: whole seconds, as X.509 keeps them.
      expect(readIssued(issued.certificate, caCertificate)).toEqual({
        dnsNames: subject.dnsNames,
        ips: ['10.1.0.1', '10.96.0.9'],
        notBefore: new Date('2026-12-01T10:00:00Z'),
        notAfter: new Date('2026-12-01T10:01:00Z'),
        signedByCa: true,
      });
      const other = readCaCertificate((await createCa(now)).certificate);
      expect(readIssued(issued.certificate, other)?.signedByCa).toBe(false);
      expect(readIssued('not a certificate', caCertificate)).toBeUndefined();

      // As a Secret stores it: read once per certificate and CA, the same reading after.
      const stored = Buffer.from(issued.certificate).toString('base64');
      const reading = readStoredIssued(stored, caCertificate);
      expect(reading).toEqual(readIssued(issued.certificate, caCertificate));
      expect(readStoredIssued(stored, caCertificate)).toBe(reading);
      expect(readStoredIssued(stored, other)?.signedByCa).toBe(false);
      expect(readStoredIssued(Buffer.from('junk').toString('base64'), caCertificate)).toBeUndefined();
    },
    KEYS_TIMEOUT_MS,
  );

  it(
    "signs with a user's EC CA key, and refuses a key it cannot sign with or a certificate that is no CA",
    async () => {
      const ecKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
      const rsaCa = await createCa(now);
      // A certificate signed by an EC key, checked against that key's public half.
      const ecCa = {
        certificate: rsaCa.certificate,
        key: ecKey.export({ type: 'sec1', format: 'pem' }).toString(),
      };
      const issued = new X509Certificate((await issueCertificate(ecCa, subject, now, 60_000)).certificate);
      expect(issued.verify(createPublicKey(ecCa.key))).toBe(true);

      const edKey = generateKeyPairSync('ed25519')
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString();
      await expect(issueCertificate({ ...rsaCa, key: edKey }, subject, now, 60_000)).rejects.toThrow(
        /the CA key is ed25519: an RSA or EC key is needed/,
      );
      const leaf = (await issueCertificate(rsaCa, subject, now, 60_000)).certificate;
      expect(() => readCaCertificate(leaf)).toThrow(/not a CA certificate/);
    },
    KEYS_TIMEOUT_MS,
  );
});
