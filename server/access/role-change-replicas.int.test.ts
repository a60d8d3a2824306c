import { afterAll, beforeAll, expect, it } from 'vitest';
import { consoleClient, signIn, signInAsAdmin, type ConsoleClient } from '../../tools/testenv/console-client';
import {
  startConsoleServer,
  TEST_ADMIN_PASSWORD,
  type ServerProcess,
} from '../../tools/testenv/server-process';
import { roleChangeAcrossReplicasProbe } from '../../tools/probe/finding-19-role-change-across-replicas';
import { openConsoleSocket, subscribe } from '../../tools/probe/console-socket';
import { randomBytes } from 'node:crypto';

// Two replicas on one PostgreSQL, as the Deployment runs them: B answers for A's public URL, so a
// browser's origin and cookie are good on either.
let a: ServerProcess;
let b: ServerProcess;
let admin: ConsoleClient;

beforeAll(async () => {
  a = await startConsoleServer();
  b = await startConsoleServer({ RACKPILOT_PUBLIC_URL: a.url });
  admin = await signInAsAdmin(a.url);
}, 240_000);

afterAll(async () => {
  await Promise.all([a.stop(), b.stop()]);
});

it('a role change made on one replica ends the user’s sockets on every replica (probe)', async () => {
  const outcome = await roleChangeAcrossReplicasProbe.run(
    {
      url: a.url,
      admin: { username: 'admin', password: TEST_ADMIN_PASSWORD },
      replicas: [a.url, b.url],
    },
    AbortSignal.timeout(90_000),
  );
  expect(outcome.held, outcome.detail).toBe(true);
}, 120_000);

it('the other replica then serves the demoted user with the new role, and ends a removed user’s sockets', async () => {
  const username = `demoted-${randomBytes(3).toString('hex')}`;
  const created = await admin.mutate<{ user: { id: string }; password: string }>('access.createUser', {
    username,
    role: 'operator',
  });
  const { user, password } = created.data ?? { user: { id: '' }, password: '' };
  const { cookie } = await signIn(a.url, username, password);
  const onB = consoleClient(b.url, cookie, a.url);
  // Asked once as operator, so that B holds the session (and its role) in memory.
  expect((await onB.mutate('hosts.setLabels', {})).status).toBe(400);
  const opened = await openConsoleSocket(b.url, cookie, { origin: a.url });
  const socket = opened.socket;
  if (!socket) throw new Error(`the WebSocket on B was refused with ${opened.status}`);
  const demotedView = subscribe(socket, 1, 'overview.live');
  expect(await demotedView.started).toBe(true);
  expect((await admin.mutate('access.setRole', { id: user.id, role: 'viewer' })).status).toBe(200);
  expect(await demotedView.ended).toBe('closed 4000');
  expect((await onB.mutate('hosts.setLabels', {})).status).toBe(403);

  const reopened = await openConsoleSocket(b.url, cookie, { origin: a.url });
  const again = reopened.socket;
  if (!again) throw new Error(`the WebSocket on B was refused with ${reopened.status}`);
  const removedView = subscribe(again, 1, 'overview.live');
  expect(await removedView.started).toBe(true);
  expect((await admin.mutate('access.removeUser', { id: user.id })).status).toBe(200);
  expect(await removedView.ended).toBe('closed 4401');
}, 120_000);
