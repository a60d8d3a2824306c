import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin } from '../tools/testenv/console-client';
import { freePort } from '../tools/testenv/free-port';
import { startServerProcess, type ServerProcess } from '../tools/testenv/server-process';

interface Exit {
  code: number | null;
  output: string;
}

/** Runs server/serve.ts with the given environment until it exits on its own. */
function runServerUntilExit(env: Record<string, string | undefined>): Promise<Exit> {
  return new Promise((resolve) => {
    const child = spawn('node_modules/.bin/tsx', ['server/serve.ts'], {
      env: { ...process.env, HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function expectOneClearLine(exit: Exit, pattern: RegExp): void {
  expect(exit.code).toBe(1);
  const errors = exit.output
    .split('\n')
    .filter((line) => line.trim() && !/^rackpilot: (starting|stopping)/.test(line));
  const last = errors.at(-1) ?? '';
  expect(last).toMatch(pattern);
  expect(exit.output).not.toMatch(/^\s+at /m);
}

function processesMentioning(text: string): string {
  try {
    return execFileSync('pgrep', ['-af', text]).toString().trim();
  } catch {
    return '';
  }
}

describe('server process', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    // The plunder controllers under test in server/boot keep per-process state; a second, unelected copy
    // in this server would race them (leader election is not shared with the test harness).
    server = await startServerProcess(
      { kubeconfig: process.env.KUBECONFIG ?? '', databaseUrl: process.env.DATABASE_URL ?? '' },
      { extraEnv: { RACKPILOT_DISABLED_CONTROLLERS: 'plunder-cluster,plunder-machine' } },
    );
  });

  afterAll(async () => {
    await server.stop();
  });

  it('answers /api/healthz and /api/readyz with JSON', async () => {
    const health = await fetch(`${server.url}/api/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const ready = await fetch(`${server.url}/api/readyz`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { ready: boolean; checks: Record<string, string> };
    expect(body.ready).toBe(true);
    expect(body.checks).toEqual({ apiServer: 'ok', database: 'ok', informers: 'ok' });
  });

  it('answers /favicon.ico with the console icon, before any session check', async () => {
    const favicon = await fetch(`${server.url}/favicon.ico`, { redirect: 'manual' });
    expect(favicon.status).toBe(301);
    expect(favicon.headers.get('location')).toBe('/icon.svg');
    const icon = await fetch(new URL(favicon.headers.get('location') ?? '', server.url));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);

    // Whatever comes with it (a forged session, a long query, another method), the answer is the same
    // redirect, with no body and no session lookup.
    const odd = await fetch(`${server.url}/favicon.ico?${'x'.repeat(4000)}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: 'rp_session=forged', origin: 'http://elsewhere.test' },
      body: 'y'.repeat(10_000),
    });
    expect(odd.status).toBe(301);
    expect(odd.headers.get('location')).toBe('/icon.svg');
    expect(await odd.text()).toBe('');
  });

  it('exports Prometheus metrics of the runtime', async () => {
    const response = await fetch(`${server.url}/api/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^rackpilot_informer_objects\{resource="baremetalhosts"\} \d+$/m);
    expect(text).toMatch(/^rackpilot_workqueue_depth\{controller="sip"\} \d+$/m);
    expect(text).toContain('# TYPE rackpilot_reconcile_duration_seconds histogram');
    expect(text).toContain('# TYPE rackpilot_watch_restarts_total counter');
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    // The leader election reads its Lease once it starts: a request every server makes.
    expect(text).toMatch(
      /^rackpilot_kube_request_duration_seconds_count\{method="GET",resource="leases",code="(200|404)"\} [1-9]/m,
    );
  });

  it('serves tRPC over HTTP from the informer caches', async () => {
    const admin = await signInAsAdmin(server.url);
    const overview = await admin.query<{ nodes: { total: number } }>('overview.get');
    expect(overview.status).toBe(200);
    expect(overview.data?.nodes.total).toBeGreaterThanOrEqual(3);
  });

  it('times each call by procedure, type and result', async () => {
    const admin = await signInAsAdmin(server.url);
    expect((await admin.query('overview.get')).status).toBe(200);
    expect((await fetch(`${server.url}/api/trpc/overview.get`)).status).toBe(401);
    const text = await (await fetch(`${server.url}/api/metrics`)).text();
    const count = (result: string) =>
      Number(
        new RegExp(
          `^rackpilot_trpc_call_duration_seconds_count\\{procedure="overview.get",type="query",result="${result}"\\} (\\d+)$`,
          'm',
        ).exec(text)?.[1] ?? 0,
      );
    expect(count('ok')).toBeGreaterThanOrEqual(1);
    expect(count('UNAUTHORIZED')).toBeGreaterThanOrEqual(1);
  });
});

describe('bad set-up gives one clear line and leaves nothing running', () => {
  let stateDir: string;

  beforeAll(async () => {
    stateDir = await mkdtemp(join(tmpdir(), 'rackpilot-badsetup-'));
  });

  afterAll(async () => {
    await rm(stateDir, { recursive: true, force: true });
  });

  it('a port in use', async () => {
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const exit = await runServerUntilExit({ PORT: String(port), KUBECONFIG: process.env.KUBECONFIG });
      expectOneClearLine(exit, new RegExp(`port ${port} on 127.0.0.1 is already in use`));
    } finally {
      blocker.close();
    }
  });

  it('a database that refuses connections', async () => {
    const dbPort = await freePort();
    const exit = await runServerUntilExit({
      PORT: String(await freePort()),
      KUBECONFIG: process.env.KUBECONFIG,
      DATABASE_URL: `postgresql://rackpilot:secret@127.0.0.1:${dbPort}/rackpilot`,
    });
    expectOneClearLine(exit, new RegExp(`127\\.0\\.0\\.1:${dbPort}`));
  });

  it('an unreachable cluster, stopping the embedded database it had started', async () => {
    const kubeconfig = join(stateDir, 'unreachable.yaml');
    await writeFile(
      kubeconfig,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'gone', cluster: { server: `https://127.0.0.1:${await freePort()}` } }],
        users: [{ name: 'gone', user: { token: 'x' } }],
        contexts: [{ name: 'gone', context: { cluster: 'gone', user: 'gone' } }],
        'current-context': 'gone',
      }),
    );
    const serverState = join(stateDir, 'state');
    const exit = await runServerUntilExit({
      PORT: String(await freePort()),
      KUBECONFIG: kubeconfig,
      DATABASE_URL: '',
      RACKPILOT_STATE_DIR: serverState,
    });
    expectOneClearLine(exit, /cannot reach the Kubernetes API server at https:\/\/127\.0\.0\.1:\d+/);
    expect(processesMentioning(serverState)).toBe('');
  });
});
