// Finding 16: one viewer's request fanned out into unbounded Kubernetes calls. Batches are capped over
// HTTP and the WebSocket, one user's calls run a few at a time and at a pace (every session of theirs
// together), the Secret pickers no longer list a
// namespace's Secrets (values included) from the API server, and the Lease is renewed on a
// connection of its own.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendHttpBatch, sendSocketBatch } from '../../tools/probe/batched-calls';
import { openConsoleSocket } from '../../tools/probe/console-socket';
import { calls, viewerFanOutProbe } from '../../tools/probe/finding-16-viewer-fan-out';
import { signIn, signInAsAdmin, signInAsNew, type ConsoleClient } from '../../tools/testenv/console-client';
import { eventually } from '../../tools/testenv/eventually';
import { readKubeCalls, recordKubeCallsEnv } from '../../tools/testenv/kube-call-log';
import {
  startConsoleServer,
  TEST_ADMIN_PASSWORD,
  type ServerProcess,
} from '../../tools/testenv/server-process';
import { kubeRequestJson } from '../kube/kube-request';
import { collectionPath, secretResource } from '../kube/resource';
import { MAX_BATCH_CALLS } from '../schemas/batch-limit';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `fan-out-${randomBytes(3).toString('hex')}`;
/** Small, so the limit is reached by one batch: 2 run, 4 wait, the rest of a batch is refused. */
const LIMITS = { running: 2, waiting: 4 };
/** A burst of one line's worth, then four calls a second. */
const RATE = { perSecond: 4, burst: LIMITS.running + LIMITS.waiting };
const BATCH = 16;
let server: ServerProcess;
let admin: ConsoleClient;
let viewer: ConsoleClient;
let otherViewer: ConsoleClient;
let stateDir: string;
let callsFile: string;

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'fan-out-'));
  callsFile = join(stateDir, 'kube-calls.jsonl');
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  for (const [name, type, stringData] of [
    ['site-tls', 'kubernetes.io/tls', { 'tls.crt': 'crt', 'tls.key': 'key' }],
    ['osp-secret', 'Opaque', { PlacementPassword: 'fan-out-password' }],
  ] as const) {
    await kubeRequestJson(kc, collectionPath(secretResource, namespace), {
      method: 'POST',
      body: { metadata: { name }, type, stringData },
    });
  }
  server = await startConsoleServer({
    ...recordKubeCallsEnv(kc, callsFile),
    RACKPILOT_CALLS_PER_CALLER: `${LIMITS.running}:${LIMITS.waiting}`,
    RACKPILOT_CALL_RATE_PER_CALLER: `${RATE.perSecond}:${RATE.burst}`,
  });
  admin = await signInAsAdmin(server.url);
  viewer = await signInAsNew(admin, `fan-out-${randomBytes(3).toString('hex')}`, 'viewer');
  otherViewer = await signInAsNew(admin, `fan-out-${randomBytes(3).toString('hex')}`, 'viewer');
});

afterAll(async () => {
  await server.stop();
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
  await rm(stateDir, { recursive: true, force: true });
});

function byCode(answers: { ok: boolean; code: string }[]) {
  return {
    answered: answers.filter((answer) => answer.ok).length,
    limited: answers.filter((answer) => answer.code === 'TOO_MANY_REQUESTS').length,
  };
}

describe('a viewer sending maximal batches', () => {
  it('is refused a batch over the cap, over HTTP and in one WebSocket message, before any call runs', async () => {
    const overHttp = await sendHttpBatch(viewer.url, viewer.cookie, calls(MAX_BATCH_CALLS + 1));
    expect(overHttp.status).toBe(400);
    expect(overHttp.answers).toEqual([expect.objectContaining({ ok: false, code: 'BAD_REQUEST' })]);

    const { socket } = await openConsoleSocket(viewer.url, viewer.cookie);
    if (!socket) throw new Error('the viewer’s WebSocket was refused');
    const overSocket = await sendSocketBatch(socket, calls(250), 1);
    expect(overSocket).toHaveLength(1);
    expect(overSocket[0]).toMatchObject({ id: null, ok: false });
    expect(overSocket[0]?.message).toContain('at most 64 calls');
    socket.terminate();
  });

  it('runs a few of one caller’s calls at a time and refuses past the line; another user is answered', async () => {
    const [flood, other] = await Promise.all([
      sendHttpBatch(viewer.url, viewer.cookie, calls(BATCH)),
      otherViewer.query<string[]>('placement.namespaces'),
    ]);
    expect(byCode(flood.answers)).toEqual({
      answered: LIMITS.running + LIMITS.waiting,
      limited: BATCH - LIMITS.running - LIMITS.waiting,
    });
    for (const answer of flood.answers.filter((one) => one.ok)) expect(answer.data).toContain(namespace);
    expect(other.data).toContain(namespace);

    const { socket } = await openConsoleSocket(viewer.url, viewer.cookie);
    if (!socket) throw new Error('the viewer’s WebSocket was refused');
    const overSocket = await sendSocketBatch(socket, calls(BATCH), 1);
    socket.terminate();
    expect(byCode(overSocket)).toEqual({
      answered: LIMITS.running + LIMITS.waiting,
      limited: BATCH - LIMITS.running - LIMITS.waiting,
    });
  });

  it('paces one user’s calls once the burst is spent, every session of theirs together', async () => {
    const username = `fan-out-${randomBytes(3).toString('hex')}`;
    const created = await admin.mutate<{ password: string }>('access.createUser', {
      username,
      role: 'viewer',
    });
    const password = created.data?.password ?? '';
    const sessions = [
      await signIn(server.url, username, password),
      await signIn(server.url, username, password),
    ];
    expect(sessions[0]?.cookie).not.toBe(sessions[1]?.cookie);
    const lines = 3;
    const started = performance.now();
    for (let line = 0; line < lines; line++) {
      const session = sessions[line % 2];
      if (!session) throw new Error('no session');
      const batch = await sendHttpBatch(session.url, session.cookie, calls(RATE.burst));
      expect(byCode(batch.answers)).toEqual({ answered: RATE.burst, limited: 0 });
    }
    // A lower bound only, which a slow machine makes longer, never shorter: each session alone would
    // have been answered at once from a burst of its own.
    const pacedCalls = (lines - 1) * RATE.burst;
    expect(performance.now() - started).toBeGreaterThanOrEqual(((pacedCalls - 1) * 1000) / RATE.perSecond);
  });

  it('answers a loop of batches over the cap at the caller’s pace, not as fast as it resends', async () => {
    const looper = await signInAsNew(admin, `fan-out-${randomBytes(3).toString('hex')}`, 'viewer');
    const paced = 4;
    const started = performance.now();
    for (let sent = 0; sent < RATE.burst + paced; sent++) {
      const refused = await sendHttpBatch(looper.url, looper.cookie, calls(250));
      expect(refused.status).toBe(400);
      expect(refused.answers).toEqual([expect.objectContaining({ ok: false, code: 'BAD_REQUEST' })]);
    }
    // A lower bound only: past the burst each refusal waits for the caller's next place in its pace.
    expect(performance.now() - started).toBeGreaterThanOrEqual(((paced - 1) * 1000) / RATE.perSecond);
  });

  it('is held as the edge probe sees it', async () => {
    const outcome = await viewerFanOutProbe.run(
      { url: server.url, credentials: { username: 'admin', password: TEST_ADMIN_PASSWORD } },
      AbortSignal.timeout(50_000),
    );
    expect(outcome, outcome.detail).toMatchObject({ held: true });
  });
});

describe('the forms’ Secret pickers', () => {
  it('list names from the cache: no Secret LIST, values only of the one chosen Secret', async () => {
    const secretsPath = collectionPath(secretResource, namespace);
    const secretReads = async () =>
      (await readKubeCalls(callsFile))
        .filter((call) => call.method === 'GET' && call.path.startsWith(secretsPath))
        .map((call) => call.path.split('?')[0]);
    await viewer.query('ironic.namespaceOptions', { namespace });
    await viewer.query('placement.secretOptions', { namespace, selector: 'PlacementPassword' });
    expect(await secretReads()).toEqual([]);

    const placement = await eventually(async () => {
      const answer = await viewer.query<{ names: string[] }>('placement.secretOptions', {
        namespace,
        selector: 'PlacementPassword',
        secret: 'osp-secret',
      });
      expect(answer.data?.names).toEqual(['osp-secret', 'site-tls']);
      return answer;
    });
    expect(placement.data).toMatchObject({ chosen: { name: 'osp-secret', hasSelectorKey: true } });
    const ironic = await viewer.query<{ secrets: unknown }>('ironic.namespaceOptions', { namespace });
    expect(ironic.data?.secrets).toEqual({ names: ['osp-secret', 'site-tls'] });
    expect(JSON.stringify([placement, ironic])).not.toContain('fan-out-password');
    // The form may have asked again while the cache was still filling: each time the one chosen Secret.
    expect(new Set(await secretReads())).toEqual(new Set([`${secretsPath}/osp-secret`]));
  });
});

describe('leader election', () => {
  it('renews the Lease through an agent no other request uses', async () => {
    const kubeCalls = await eventually(async () => {
      const recorded = await readKubeCalls(callsFile);
      expect(recorded.filter((call) => call.path.includes('/leases')).length).toBeGreaterThan(1);
      return recorded;
    });
    const leaseAgents = new Set(
      kubeCalls.filter((call) => call.path.includes('/leases')).map((c) => c.agent),
    );
    const otherAgents = new Set(
      kubeCalls.filter((call) => !call.path.includes('/leases')).map((c) => c.agent),
    );
    expect(leaseAgents.has(0)).toBe(false);
    expect([...leaseAgents].filter((agent) => otherAgents.has(agent))).toEqual([]);
  });
});
