import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInAsAdmin } from '../tools/testenv/console-client';
import { type ServerProcess, startConsoleServer, TEST_ADMIN_PASSWORD } from '../tools/testenv/server-process';
import { edgeProbes } from '../tools/probe/edge-probes';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Findings 1–21 each have a probe; 22 (etcd and the first admin's password) has no outside check. */
const FINDINGS = 21;

let server: ServerProcess;
let operator: { username: string; password: string };

beforeAll(async () => {
  server = await startConsoleServer();
  const admin = await signInAsAdmin(server.url);
  const username = `probe-${randomBytes(3).toString('hex')}`;
  const created = await admin.mutate<{ password: string }>('access.createUser', {
    username,
    role: 'operator',
  });
  if (!created.data) throw new Error(`creating ${username} failed: ${created.error?.message ?? ''}`);
  operator = { username, password: created.data.password };
});

afterAll(async () => {
  await server.stop();
});

it('has one probe for every finding of the edge review', () => {
  expect(edgeProbes.map((probe) => probe.finding)).toEqual(
    Array.from({ length: FINDINGS }, (_, index) => index + 1),
  );
});

it('npm run probe:edges reports every finding held against a running server', async () => {
  // A FAILED probe exits 1; its lines are the useful part of the failure, so keep stdout either way.
  const stdout = await promisify(execFile)(
    join(root, 'node_modules', '.bin', 'tsx'),
    [
      'scripts/probe-edges.ts',
      server.url,
      ...['--user', operator.username, '--password', operator.password],
      ...['--admin-user', 'admin', '--admin-password', TEST_ADMIN_PASSWORD],
    ],
    { cwd: root, timeout: 600_000 },
  ).then(
    (run) => run.stdout,
    (error: unknown) => (error as { stdout?: string }).stdout ?? '',
  );
  const lines = stdout.trim().split('\n');
  expect(lines.filter((line) => !line.includes(': held ('))).toEqual([`${FINDINGS} held, 0 failed`]);
  expect(lines).toHaveLength(FINDINGS + 1);
}, 600_000);
