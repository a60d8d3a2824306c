import { randomBytes } from 'node:crypto';
import { CoordinationV1Api, CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { LeaderElector } from './leader-election';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `election-${randomBytes(3).toString('hex')}`;
// Shorter than production so the test is quick, long enough that a busy 2-core machine renews in time.
const timings = { leaseDurationMs: 6_000, renewDeadlineMs: 4_000, retryPeriodMs: 300 };

function replica(identity: string) {
  const state = { leading: false, transitions: 0 };
  const elector = new LeaderElector(
    kc,
    { namespace, name: 'controllers', identity, ...timings },
    {
      onStartedLeading: () => {
        state.leading = true;
        state.transitions++;
      },
      onStoppedLeading: () => {
        state.leading = false;
      },
    },
  );
  return { elector, state };
}

beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
});

afterAll(async () => {
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

describe('LeaderElector on a Lease', () => {
  it('lets exactly one replica lead, and hands over when the leader stops', async () => {
    const a = replica('replica-a');
    const b = replica('replica-b');
    a.elector.start();
    await eventually(() => {
      expect(a.state.leading).toBe(true);
    });
    b.elector.start();
    // A pause on purpose: proving b does not take over needs several of its retry periods to pass
    // while a's lease stays fresh; there is no event to wait for.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(b.state.leading).toBe(false);
    const lease = await kc
      .makeApiClient(CoordinationV1Api)
      .readNamespacedLease({ name: 'controllers', namespace });
    expect(lease.spec?.holderIdentity).toBe('replica-a');

    await a.elector.stop();
    expect(a.state.leading).toBe(false);
    await eventually(() => {
      expect(b.state.leading).toBe(true);
    });
    const after = await kc
      .makeApiClient(CoordinationV1Api)
      .readNamespacedLease({ name: 'controllers', namespace });
    expect(after.spec?.holderIdentity).toBe('replica-b');
    expect(after.spec?.leaseTransitions).toBe(1);
    await b.elector.stop();
  });

  it('keeps the lease until the work it stops with has finished, then releases it', async () => {
    const a = replica('draining');
    a.elector.start();
    await eventually(() => {
      expect(a.state.leading).toBe(true);
    });
    const holders: (string | null | undefined)[] = [];
    await a.elector.stop(async () => {
      // Called after leading stopped, before the release: the lease still names this replica.
      expect(a.state.leading).toBe(false);
      const lease = await kc
        .makeApiClient(CoordinationV1Api)
        .readNamespacedLease({ name: 'controllers', namespace });
      holders.push(lease.spec?.holderIdentity);
    });
    const after = await kc
      .makeApiClient(CoordinationV1Api)
      .readNamespacedLease({ name: 'controllers', namespace });
    expect(holders).toEqual(['draining']);
    expect(after.spec?.holderIdentity ?? null).toBeNull();
  });

  it('takes over an abandoned lease only after it expired', async () => {
    const a = replica('crashed');
    a.elector.start();
    await eventually(() => {
      expect(a.state.leading).toBe(true);
    });
    // Simulate a crash: stop renewing without releasing the lease.
    (a.elector as unknown as { running: boolean }).running = false;
    const b = replica('survivor');
    const started = Date.now();
    b.elector.start();
    await eventually(() => {
      expect(b.state.leading).toBe(true);
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(timings.leaseDurationMs - 500);
    await b.elector.stop();
  });
});
