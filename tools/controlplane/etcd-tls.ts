import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generate } from 'selfsigned';

/** The files etcd and kube-apiserver read to speak mutual TLS with each other. */
export interface EtcdTlsFiles {
  ca: string;
  /** etcd's certificate, for its client and its peer listener (server and client auth, 127.0.0.1). */
  serverCert: string;
  serverKey: string;
  /** kube-apiserver's client certificate. */
  clientCert: string;
  clientKey: string;
}

export function etcdTlsFiles(dir: string): EtcdTlsFiles {
  return {
    ca: join(dir, 'ca.crt'),
    serverCert: join(dir, 'etcd.crt'),
    serverKey: join(dir, 'etcd.key'),
    clientCert: join(dir, 'apiserver-etcd-client.crt'),
    clientKey: join(dir, 'apiserver-etcd-client.key'),
  };
}

/** A local cluster lives as long as its state dir; it should never stop on an expired certificate. */
const VALID_YEARS = 20;

function validity(): { notBeforeDate: Date; notAfterDate: Date } {
  const notBeforeDate = new Date();
  const notAfterDate = new Date(notBeforeDate);
  notAfterDate.setFullYear(notAfterDate.getFullYear() + VALID_YEARS);
  return { notBeforeDate, notAfterDate };
}

const KEY = { keyType: 'ec', curve: 'P-256', algorithm: 'sha256' } as const;

/**
 * A fresh CA and the two certificates it signs, written to `dir` (keys mode 0600). Only etcd trusts this
 * CA, and only for clients: whoever lacks the API server's key is refused on the loopback port.
 */
export async function writeEtcdCertificates(dir: string): Promise<EtcdTlsFiles> {
  const files = etcdTlsFiles(dir);
  const ca = await generate([{ name: 'commonName', value: 'rackpilot local etcd CA' }], {
    ...KEY,
    ...validity(),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const signedBy = { key: ca.private, cert: ca.cert };
  const server = await generate([{ name: 'commonName', value: 'etcd' }], {
    ...KEY,
    ...validity(),
    ca: signedBy,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      // Client auth too: the peer listener checks the member's own certificate.
      { name: 'extKeyUsage', serverAuth: true, clientAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  const client = await generate([{ name: 'commonName', value: 'kube-apiserver-etcd-client' }], {
    ...KEY,
    ...validity(),
    ca: signedBy,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', clientAuth: true },
    ],
  });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const secret = { mode: 0o600 };
  await writeFile(files.ca, ca.cert);
  await writeFile(files.serverCert, server.cert);
  await writeFile(files.serverKey, server.private, secret);
  await writeFile(files.clientCert, client.cert);
  await writeFile(files.clientKey, client.private, secret);
  return files;
}

export interface ExtraArg {
  key: string;
  value: string;
  override?: true;
}

/**
 * kwokctl extraArgs that move etcd's client and peer listeners to https with client certificates
 * required, and give kube-apiserver its certificate. kwokctl writes the http URLs itself; `override`
 * replaces them in place (a second --etcd-servers would be appended to the first).
 */
export function etcdTlsArgs(
  files: EtcdTlsFiles,
  ports: { etcdPort: number; etcdPeerPort: number },
): { etcd: ExtraArg[]; kubeApiserver: ExtraArg[] } {
  const client = `https://127.0.0.1:${ports.etcdPort}`;
  const peer = `https://127.0.0.1:${ports.etcdPeerPort}`;
  const override = (key: string, value: string) => ({ key, value, override: true as const });
  const add = (key: string, value: string) => ({ key, value });
  return {
    etcd: [
      override('listen-client-urls', client),
      override('advertise-client-urls', client),
      override('listen-peer-urls', peer),
      override('initial-advertise-peer-urls', peer),
      override('initial-cluster', `node0=${peer}`),
      add('cert-file', files.serverCert),
      add('key-file', files.serverKey),
      add('trusted-ca-file', files.ca),
      add('client-cert-auth', 'true'),
      add('peer-cert-file', files.serverCert),
      add('peer-key-file', files.serverKey),
      add('peer-trusted-ca-file', files.ca),
      add('peer-client-cert-auth', 'true'),
    ],
    kubeApiserver: [
      override('etcd-servers', client),
      add('etcd-cafile', files.ca),
      add('etcd-certfile', files.clientCert),
      add('etcd-keyfile', files.clientKey),
    ],
  };
}
