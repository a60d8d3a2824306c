import { describe, expect, it } from 'vitest';
import { handOverViolations, writesIn, type KubeCall } from './kube-call-log';

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
