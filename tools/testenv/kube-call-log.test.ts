import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import {
  handOverViolations,
  readKubeCalls,
  recordKubeCallsEnv,
  writesIn,
  type KubeCall,
} from './kube-call-log';

const NS = 'site-a';
const at = (sentAt: number, resourceVersion: string, path = `/api/v1/namespaces/${NS}/configmaps/x`) =>
  ({ method: 'PATCH', path, status: 200, sentAt, agent: 1, resourceVersion }) satisfies KubeCall;

describe('writesIn', () => {
  it('keeps the writes into the namespace, not reads, not other namespaces, not the namespace itself', () => {
    const calls: KubeCall[] = [
      at(1, '5'),
      { method: 'GET', path: `/api/v1/namespaces/${NS}/configmaps/x`, status: 200, sentAt: 1, agent: 1 },
      at(1, '6', '/api/v1/namespaces/other/configmaps/x'),
      at(1, '7', `/api/v1/namespaces/${NS}-2/configmaps/x`),
      { method: 'POST', path: '/api/v1/namespaces', status: 409, sentAt: 1, agent: 1 },
    ];
    expect(writesIn(calls, NS)).toEqual([calls[0]]);
  });
});

describe('handOverViolations', () => {
  it('accepts writes strictly before and after the hand-over, in that order', () => {
    expect(handOverViolations([at(10, '100'), at(20, '120')], [at(50, '130')], 40, NS)).toEqual([]);
  });

  it('reports a write by the next holder before it took the Lease', () => {
    expect(handOverViolations([], [at(30, '130')], 40, NS)).toEqual([
      `next holder wrote before taking the Lease: PATCH /api/v1/namespaces/${NS}/configmaps/x sent 30`,
    ]);
  });

  it('reports a write by the previous holder after the hand-over', () => {
    expect(handOverViolations([at(45, '100')], [], 40, NS)).toHaveLength(1);
  });

  it('reports a previous write the API server ordered after a next one', () => {
    expect(handOverViolations([at(10, '140')], [at(50, '130')], 40, NS)).toEqual([
      "previous holder's write (resourceVersion 140) came after the next holder's (130)",
    ]);
  });
});

describe('recordKubeCallsEnv and readKubeCalls', () => {
  it('preloads the recorder for the API server of the kubeconfig, and reads back what it wrote', async () => {
    const kc = new KubeConfig();
    kc.loadFromOptions({
      clusters: [{ name: 'c', server: 'https://127.0.0.1:6443' }],
      users: [{ name: 'u' }],
      contexts: [{ name: 'x', cluster: 'c', user: 'u' }],
      currentContext: 'x',
    });
    const dir = await mkdtemp(join(tmpdir(), 'kube-calls-'));
    try {
      const file = join(dir, 'calls.jsonl');
      const env = recordKubeCallsEnv(kc, file);
      expect(env.NODE_OPTIONS).toMatch(/--import \S+record-kube-calls\.mjs$/);
      expect(env).toMatchObject({ RECORD_KUBE_CALLS_TO: file, RECORD_KUBE_API_SERVER: '127.0.0.1:6443' });
      expect(await readKubeCalls(file)).toEqual([]);
      await writeFile(file, `${JSON.stringify(at(1, '5'))}\n${JSON.stringify(at(2, '6'))}\n`);
      expect(await readKubeCalls(file)).toEqual([at(1, '5'), at(2, '6')]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
