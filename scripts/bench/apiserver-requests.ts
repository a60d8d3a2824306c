// The API server's own count of the requests it served (apiserver_request_total from /metrics), read
// before and after a measured run: requests per object by verb and resource, whoever sent them.
import { request as httpsRequest } from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';
import { credentialOptions } from '../../server/kube/kube-request';

/** Requests served so far, by `VERB resource` (e.g. `PATCH bare-metal-hosts`, subresources as `x/status`). */
export type RequestCounts = Map<string, number>;

const SAMPLE = /^apiserver_request_total\{([^}]*)\}\s+(\S+)/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** Sums apiserver_request_total's samples of a Prometheus text exposition by verb and resource. */
export function parseRequestCounts(exposition: string): RequestCounts {
  const counts: RequestCounts = new Map();
  for (const line of exposition.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const labels = new Map([...(match[1] ?? '').matchAll(LABEL)].map((m) => [m[1] ?? '', m[2] ?? '']));
    const resource = labels.get('resource') || '(none)';
    const subresource = labels.get('subresource');
    const key = `${labels.get('verb') ?? '?'} ${resource}${subresource ? `/${subresource}` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + Number(match[2]));
  }
  return counts;
}

/** What was served between two readings, per `per` objects, largest first: `PATCH baremetalhosts 3.01, …`. */
export function describeRequestDelta(
  before: RequestCounts,
  after: RequestCounts,
  per: number,
  top = 12,
): { total: number; byKind: string } {
  const deltas = [...after]
    .map(([key, count]) => [key, (count - (before.get(key) ?? 0)) / per] as const)
    .filter(([, count]) => count >= 0.01)
    .sort((a, b) => b[1] - a[1]);
  const total = deltas.reduce((sum, [, count]) => sum + count, 0);
  return {
    total,
    byKind: deltas
      .slice(0, top)
      .map(([key, count]) => `${key} ${count.toFixed(2)}`)
      .join(', '),
  };
}

/** Reads the API server's /metrics with the kubeconfig's credentials. */
export async function readRequestCounts(kc: KubeConfig): Promise<RequestCounts> {
  const server = kc.getCurrentCluster()?.server;
  if (!server) throw new Error('kubeconfig has no current cluster');
  const options = await credentialOptions(kc);
  const text = await new Promise<string>((resolve, reject) => {
    const req = httpsRequest(new URL('/metrics', server), { ...options, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (res.statusCode === 200) resolve(Buffer.concat(chunks).toString('utf8'));
        else reject(new Error(`/metrics: HTTP ${String(res.statusCode)}`));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
  return parseRequestCounts(text);
}
