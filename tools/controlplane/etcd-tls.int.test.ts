import { readFile, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import { dirname } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { clusterPorts } from './cluster-ports';
import { etcdTlsFiles } from './etcd-tls';
import { localClusterPaths } from './local-cluster';

interface Answer {
  status?: number;
  body?: string;
  error?: string;
}

/** etcd's v3 range request for one key, as its gRPC gateway takes it. */
const RANGE_DEFAULT_NAMESPACE = JSON.stringify({
  key: Buffer.from('/registry/namespaces/default').toString('base64'),
});

function post(url: string, options: RequestOptions = {}): Promise<Answer> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(url, { ...options, method: 'POST', timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => {
      resolve({ error: error.message });
    });
    req.end(RANGE_DEFAULT_NAMESPACE);
  });
}

/** True when the answer is etcd handing out the stored Namespace. */
const readTheKey = (answer: Answer) => answer.status === 200 && /"count":"1"/.test(answer.body ?? '');

describe('the local cluster etcd', () => {
  const kubeconfig = process.env.KUBECONFIG ?? '';
  const paths = localClusterPaths({ name: '', stateDir: dirname(kubeconfig) });
  const files = etcdTlsFiles(paths.etcdPki);
  let port = 0;

  beforeAll(async () => {
    const etcd = clusterPorts(await readFile(paths.configFile, 'utf8')).find((p) => p.option === 'etcdPort');
    port = etcd?.port ?? 0;
    expect(port).toBeGreaterThan(0);
  });

  it('answers no client that lacks a certificate, over http or https', async () => {
    const plain = await post(`http://127.0.0.1:${port}/v3/kv/range`);
    expect(readTheKey(plain), JSON.stringify(plain)).toBe(false);
    const withoutCertificate = await post(`https://127.0.0.1:${port}/v3/kv/range`, {
      ca: await readFile(files.ca),
    });
    expect(readTheKey(withoutCertificate), JSON.stringify(withoutCertificate)).toBe(false);
    expect(withoutCertificate.error).toBeDefined();
  });

  it('answers the API server certificate, and the API server serves from it', async () => {
    const withCertificate = await post(`https://127.0.0.1:${port}/v3/kv/range`, {
      ca: await readFile(files.ca),
      cert: await readFile(files.clientCert),
      key: await readFile(files.clientKey),
    });
    expect(readTheKey(withCertificate), JSON.stringify(withCertificate)).toBe(true);
    const kc = new KubeConfig();
    kc.loadFromFile(kubeconfig);
    const namespace = await kubeRequestJson<{ metadata: { name: string } }>(kc, '/api/v1/namespaces/default');
    expect(namespace.metadata.name).toBe('default');
  });

  it('keeps the keys readable by their owner only', async () => {
    for (const key of [files.serverKey, files.clientKey]) expect((await stat(key)).mode & 0o777).toBe(0o600);
  });
});
