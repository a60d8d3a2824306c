import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { KubeConfig } from '@kubernetes/client-node';

const recorder = fileURLToPath(new URL('record-kube-calls.mjs', import.meta.url));

/** One request a server made to the API server, as record-kube-calls.mjs wrote it down. */
export interface KubeCall {
  method: string;
  path: string;
  status: number;
  /** Epoch milliseconds at which the server sent it. */
  sentAt: number;
  /** Which keep-alive agent sent it: a number per agent in the order first used, 0 for none. */
  agent: number;
  /** For a write that succeeded: the resourceVersion of the object it wrote. */
  resourceVersion?: string;
}

/** The environment that makes a server process record its API server calls to `file`. */
export function recordKubeCallsEnv(kc: KubeConfig, file: string): Record<string, string> {
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${recorder}`,
    RECORD_KUBE_CALLS_TO: file,
    RECORD_KUBE_API_SERVER: new URL(kc.getCurrentCluster()?.server ?? '').host,
  };
}

/** Every call recorded in `file` so far (none if the server has made none). */
export async function readKubeCalls(file: string): Promise<KubeCall[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as KubeCall);
}

/** The calls that create, change or delete something in `namespace`. */
export function writesIn(calls: KubeCall[], namespace: string): KubeCall[] {
  return calls.filter(
    (call) => call.method !== 'GET' && call.path.split('?')[0]?.includes(`/namespaces/${namespace}/`),
  );
}

/**
 * What contradicts "one writer at a time" in a hand-over of the Lease from `previous` to `next` at
 * `takenOverAt`, looking at their writes in `namespace`: a write the next holder sent before it held the
 * Lease, one the previous holder sent after, and an object version written by the previous holder that
 * the API server ordered after one written by the next (resourceVersions are etcd revisions, which grow).
 */
export function handOverViolations(
  previous: KubeCall[],
  next: KubeCall[],
  takenOverAt: number,
  namespace: string,
): string[] {
  const before = writesIn(previous, namespace);
  const after = writesIn(next, namespace);
  const describe = (call: KubeCall) => `${call.method} ${call.path} sent ${call.sentAt}`;
  const versions = (calls: KubeCall[]) =>
    calls.flatMap((call) => (call.resourceVersion ? [BigInt(call.resourceVersion)] : []));
  const violations = [
    ...after
      .filter((call) => call.sentAt < takenOverAt)
      .map((call) => `next holder wrote before taking the Lease: ${describe(call)}`),
    ...before
      .filter((call) => call.sentAt >= takenOverAt)
      .map((call) => `previous holder wrote after the hand-over: ${describe(call)}`),
  ];
  const lastBefore = versions(before).reduce((max, v) => (v > max ? v : max), -1n);
  const firstAfter = versions(after).reduce<bigint | undefined>(
    (min, v) => (min === undefined || v < min ? v : min),
    undefined,
  );
  if (firstAfter !== undefined && lastBefore >= firstAfter) {
    violations.push(
      `previous holder's write (resourceVersion ${lastBefore}) came after the next holder's (${firstAfter})`,
    );
  }
  return violations;
}
