// A rolling update as the Deployment performs it (maxSurge 1, maxUnavailable 0), on one API server and
// one PostgreSQL: replica A serves and holds the Lease; replica B, the new version, starts beside it and
// becomes ready; A gets SIGTERM and stops gracefully. Throughout, a signed-in client polls `/api/healthz`
// and a tRPC read on both, moving on when a stopping replica refuses a connection (as a Service's client
// does): no request gets a bad answer, B takes the Lease and reconciles what is created after A exited,
// and no object is written by both. The same build plays both versions: what is proven is the hand-over,
// not a particular pair of releases.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNamespace } from '../server/kube/ensure-namespace';
import { ensureServerBuild } from '../tools/build/build-server.mjs';
import { signInAsAdmin } from '../tools/testenv/console-client';
import { eventually } from '../tools/testenv/eventually';
import { startFailoverPoller } from '../tools/testenv/failover-poller';
import { handOverViolations, writesIn } from '../tools/testenv/kube-call-log';
import { removeNamespace } from '../tools/testenv/remove-namespace';
import {
  createPlunderCluster,
  isReconciled,
  leaseHolder,
  reconciles,
  startReplica,
  type Replica,
} from '../tools/testenv/replicas';

const root = fileURLToPath(new URL('..', import.meta.url));
const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `rolling-update-${randomBytes(3).toString('hex')}`;
let workdir: string;
let build: string;
const replicas: Replica[] = [];

beforeAll(async () => {
  await ensureNamespace(kc, namespace);
  workdir = await mkdtemp(join(tmpdir(), 'rackpilot-rolling-update-'));
  build = await ensureServerBuild(root, () => undefined);
}, 240_000);

afterAll(async () => {
  await removeNamespace(kc, namespace);
  await Promise.all(replicas.map((replica) => replica.stop()));
  await rm(workdir, { recursive: true, force: true });
}, 60_000);

describe('rolling update', () => {
  it('keeps the console answering while the new replica replaces the old one', async () => {
    const a = await startReplica(kc, build, join(workdir, 'a.jsonl'));
    replicas.push(a);
    // A Lease left by an earlier test's server expires first (its own duration, up to 15 s).
    await eventually(async () => expect((await leaseHolder(kc)).pid).toBe(a.pid), 30_000, 200);
    await createPlunderCluster(kc, namespace, 'before-update');
    await eventually(
      async () => expect(await isReconciled(kc, namespace, 'before-update')).toBe(true),
      30_000,
    );

    const session = await signInAsAdmin(a.url);
    const poller = startFailoverPoller(session.cookie, [a.url]);
    let b: Replica;
    let stopStarted: number;
    let takenOverAt: number;
    try {
      b = await startReplica(kc, build, join(workdir, 'b.jsonl'));
      replicas.push(b);
      poller.add(b.url);
      await eventually(() => expect(poller.answeredBy(b.url)).toBeGreaterThan(0), 30_000);
      expect(poller.answeredBy(a.url)).toBeGreaterThan(0);

      poller.markStopping(a.url);
      stopStarted = Date.now();
      await a.stop('SIGTERM');
      console.log(`replica A stopped in ${Date.now() - stopStarted} ms`);
      expect(a.output()).not.toMatch(/stopping .* (took over|failed)/);

      await eventually(async () => expect((await leaseHolder(kc)).pid).toBe(b.pid), 30_000, 100);
      takenOverAt = (await leaseHolder(kc)).acquiredAt;
      await createPlunderCluster(kc, namespace, 'after-update');
      await eventually(
        async () => expect(await isReconciled(kc, namespace, 'after-update')).toBe(true),
        30_000,
      );
      // B goes on answering alone after A has gone.
      const answeredSoFar = poller.answeredBy(b.url);
      await eventually(() => expect(poller.answeredBy(b.url)).toBeGreaterThan(answeredSoFar + 20), 30_000);
    } finally {
      await poller.stop();
    }
    console.log(
      `rolling update: answered by A ${poller.answeredBy(a.url)}, by B ${poller.answeredBy(b.url)}; ` +
        `moved on after A refused ${poller.movedOn.length} (${[...new Set(poller.movedOn.map((p) => p.detail))].join(', ')}); ` +
        `Lease taken by B ${takenOverAt - stopStarted} ms after A's SIGTERM`,
    );
    expect(poller.failures).toEqual([]);
    expect(await reconciles(b, 'plunder-cluster')).toBeGreaterThan(0);
    const calls = { a: await a.calls(), b: await b.calls() };
    expect(writesIn(calls.a, namespace).length).toBeGreaterThan(0);
    expect(
      writesIn(calls.b, namespace).some((call) => call.path.includes('/plunderclusters/after-update')),
    ).toBe(true);
    expect(handOverViolations(calls.a, calls.b, takenOverAt, namespace)).toEqual([]);
  }, 240_000);
});
