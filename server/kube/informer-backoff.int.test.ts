import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { Informer } from './informer';
import { configMapResource } from './resource';

const kc = new KubeConfig();
kc.loadFromDefault();

describe('Informer against an API server that keeps refusing', () => {
  it('reconnects with growing intervals, not in a tight loop', async () => {
    const attempts: number[] = [];
    // A selector the API server refuses (400): every list fails the same way, as a broken watch would.
    const informer = new Informer(kc, configMapResource, {
      labelSelector: 'app in (',
      log: (line) => {
        if (line.includes('retrying in')) attempts.push(Date.now());
      },
    });
    informer.start();
    try {
      await eventually(() => {
        expect(attempts.length).toBeGreaterThanOrEqual(5);
      }, 60_000);
    } finally {
      informer.stop();
    }
    const gaps = attempts.slice(1).map((at, i) => at - (attempts[i] ?? at));
    // Delays are drawn from [c/2, c] with c doubling from 500 ms: the fourth gap is at least twice the first.
    expect(gaps[3]).toBeGreaterThanOrEqual(2 * (gaps[0] ?? 0));
    expect(informer.health.backingOff).toBe(true);
    expect(informer.synced).toBe(false);
  });
});
