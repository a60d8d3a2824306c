import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controllerNames } from '../controllers/build-controllers';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres';
import { migrateDatabase } from '../db/migrate';
import { signInAsAdmin, type ConsoleClient } from '../../tools/testenv/console-client';
import { eventually } from '../../tools/testenv/eventually';
import { descendants } from '../../tools/testenv/processes';
import {
  startServerProcess,
  TEST_ADMIN_PASSWORD,
  type ServerProcess,
} from '../../tools/testenv/server-process';
import { authDeadlineProbe } from '../../tools/probe/finding-10-auth-deadline';

// A database of this test's own: freezing the shared one would stall every other test using it.
let scratch: string;
let database: EmbeddedDatabase;
let server: ServerProcess;
let admin: ConsoleClient;
let frozen: number[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'rackpilot-auth-deadline-'));
  // The server may run as another user (when tests run as root), which must be able to enter the folder.
  await chmod(scratch, 0o755);
  database = await startEmbeddedPostgres({ dataDir: join(scratch, 'postgres', 'data') });
  await migrateDatabase(database.url);
  server = await startServerProcess(
    { kubeconfig: process.env.KUBECONFIG ?? '', databaseUrl: database.url },
    {
      extraEnv: {
        RACKPILOT_DISABLED_CONTROLLERS: controllerNames.join(','),
        RACKPILOT_AUTH_DEADLINE_MS: '2000',
      },
    },
  );
  admin = await signInAsAdmin(server.url);
});

afterAll(async () => {
  signalAll(frozen, 'SIGCONT');
  await server.stop();
  await database.stop();
  await rm(scratch, { recursive: true, force: true });
});

/** The postmaster of this test's database and its children (one backend per open connection). */
async function postgresProcesses(): Promise<number[]> {
  const postmaster = Number(
    (await readFile(join(scratch, 'postgres', 'data', 'postmaster.pid'), 'utf8')).split('\n')[0],
  );
  return [postmaster, ...(await descendants(postmaster)).map((child) => child.pid)];
}

function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** Each request with a generous client-side limit: without a server deadline it would hang until then. */
function send(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, { ...init, signal: AbortSignal.timeout(20_000) });
}

describe('auth routes while the database does not answer (finding 10)', () => {
  it('sign-in, sign-out, session and the session check of pages answer 503, and recover afterwards', async () => {
    const post = (path: string, headers: Record<string, string>, body?: unknown) =>
      send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    frozen = await postgresProcesses();
    signalAll(frozen, 'SIGSTOP');
    try {
      const answers = await Promise.all([
        // No cookie: the sign-in itself waits on the database, not the session check before it.
        post('/api/auth/login', {}, { username: 'admin', password: TEST_ADMIN_PASSWORD }),
        post('/api/auth/logout', { cookie: admin.cookie }),
        send('/api/auth/session', { headers: { cookie: admin.cookie } }),
        send('/clusters', { headers: { cookie: admin.cookie }, redirect: 'manual' }),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        const text = await answer.text();
        expect(text).toContain('the database does not answer');
        expect(text).not.toMatch(/127\.0\.0\.1|postgres|:\d{4,5}\b| {4}at /);
      }
      const outcome = await authDeadlineProbe.run({ url: server.url }, AbortSignal.timeout(50_000));
      expect(outcome, outcome.detail).toMatchObject({ held: true });
    } finally {
      signalAll(frozen, 'SIGCONT');
      frozen = [];
    }
    await eventually(async () => {
      const session = await send('/api/auth/session', { headers: { cookie: admin.cookie } });
      expect(session.status).toBe(200);
    });
  });
});
