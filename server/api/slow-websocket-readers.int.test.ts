import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInAsAdmin, signInAsNew, type ConsoleClient } from '../../tools/testenv/console-client';
import { startConsoleServer, type ServerProcess } from '../../tools/testenv/server-process';
import { openSlowReader, type SlowReader } from '../../tools/probe/slow-reader';
import { socketMetrics, type SocketMetrics } from '../../tools/probe/socket-metrics';
import { slowWebsocketReadersProbe } from '../../tools/probe/finding-17-slow-websocket-readers';
import { kubeRequestJson } from '../kube/kube-request';

const QUEUE_BYTES = 262_144;
/** 600 annotations of 300 characters (the detail view shows no more of each) make a frame of ~215 KB. */
const ANNOTATIONS = 600;
const FRAME_BYTES_AT_MOST = 300_000;
const SUBSCRIPTIONS = 20;

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `slow-readers-${randomBytes(3).toString('hex')}`;
const hostPath = `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts/big`;
let server: ServerProcess;
let viewer: ConsoleClient;

beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  const annotations = Object.fromEntries(
    Array.from({ length: ANNOTATIONS }, (_, index) => [`probe.example/a-${index}`, 'x'.repeat(300)]),
  );
  await kubeRequestJson(kc, hostPath.replace(/\/big$/, ''), {
    method: 'POST',
    body: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: { name: 'big', annotations },
      spec: { online: true },
    },
  });
  // Small limits, so that the test sees them at work within seconds; the ping comes later than the
  // queue's bound, so a reader that is behind is closed for that.
  server = await startConsoleServer({
    RACKPILOT_SOCKET_QUEUE_BYTES: String(QUEUE_BYTES),
    RACKPILOT_SOCKET_BEHIND_MS: '2000',
    RACKPILOT_SOCKET_PING_MS: '20000',
    RACKPILOT_SOCKET_PONG_WAIT_MS: '5000',
  });
  const admin = await signInAsAdmin(server.url);
  viewer = await signInAsNew(admin, `slow-${randomBytes(3).toString('hex')}`, 'viewer');
}, 180_000);

afterAll(async () => {
  await server.stop();
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

async function metrics(): Promise<SocketMetrics> {
  const read = await socketMetrics(server.url);
  if (!read) throw new Error('/api/metrics did not answer');
  return read;
}

/** Runs `step` about four times a second until the server has let go of `reader`. */
async function untilClosed(reader: SlowReader, step: (round: number) => Promise<void> | void): Promise<void> {
  for (let round = 0; !reader.isClosed(); round++) {
    await step(round);
    await sleep(250);
  }
}

it('a reader that stops while changes stream is closed for being behind, its queue bounded', async () => {
  const before = await metrics();
  const reader = await openSlowReader(server.url, viewer.cookie);
  try {
    for (let id = 1; id <= SUBSCRIPTIONS; id++) {
      reader.subscribe(id, 'hosts.detail', { namespace, name: 'big' });
    }
    await untilClosed(reader, async (round) => {
      reader.send('PONG');
      await kubeRequestJson(kc, hostPath, {
        method: 'PATCH',
        contentType: 'application/merge-patch+json',
        body: { metadata: { annotations: { 'probe.example/round': String(round) } } },
      });
    });
  } finally {
    reader.abandon();
  }
  const after = await metrics();
  expect(after.closedBehind).toBe(before.closedBehind + 1);
  expect(after.queueLimit).toBe(QUEUE_BYTES);
  // Written and waiting for the network, and held back, each up to the limit and one frame more.
  expect(after.peakQueued).toBeLessThanOrEqual(2 * (QUEUE_BYTES + FRAME_BYTES_AT_MOST));
}, 90_000);

it('a reader is cut when it does not answer pings, whatever application messages it sends', async () => {
  const before = await metrics();
  const reader = await openSlowReader(server.url, viewer.cookie);
  try {
    reader.subscribe(1, 'overview.live');
    await untilClosed(reader, () => {
      reader.send('PONG');
      reader.send('PING');
    });
  } finally {
    reader.abandon();
  }
  expect((await metrics()).closedUnanswered).toBe(before.closedUnanswered + 1);
}, 90_000);

it('the probe finds slow readers bounded and let go', async () => {
  const admin = await signInAsAdmin(server.url);
  const username = `probe-slow-${randomBytes(3).toString('hex')}`;
  const created = await admin.mutate<{ password: string }>('access.createUser', {
    username,
    role: 'operator',
  });
  const outcome = await slowWebsocketReadersProbe.run(
    { url: server.url, credentials: { username, password: created.data?.password ?? '' } },
    AbortSignal.timeout(150_000),
  );
  expect(outcome.held, outcome.detail).toBe(true);
}, 180_000);
