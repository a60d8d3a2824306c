import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { controllerNames } from '../../server/controllers/build-controllers';
import { createDbClient } from '../../server/db/client';
import { RUNTIME_FLAGS, runtimeEnv } from '../build/build-server.mjs';
import { freePort } from './free-port';
import { testAssetServerBinary } from './test-asset-server';
import { registerTestProfilesIn } from './test-boot-profiles';
import { writeSimulatorAssets } from '../lab/simulator-boot-profiles';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every test server's first admin gets this password (the test databases are shared between servers). */
export const TEST_ADMIN_PASSWORD = 'rackpilot-test-admin';

export interface ServerProcess {
  url: string;
  pid: number;
  output(): string;
  /** Stops the server (SIGTERM unless told; SIGKILL after 15 s) and removes a state folder it made. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

async function waitForReady(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready within ${timeoutMs / 1000} s:\n${output()}`);
}

/** How the server runs: from the sources through tsx (tests), or as built by tools/build/build-server.mjs. */
export type ServerCommand = 'sources' | { build: string; nodeFlags?: string[] };

function serverCommand(command: ServerCommand): [string, string[]] {
  if (command === 'sources') return [join(root, 'node_modules', '.bin', 'tsx'), ['server/serve.ts']];
  return [
    process.execPath,
    [...RUNTIME_FLAGS, ...(command.nodeFlags ?? []), join(command.build, 'serve.mjs')],
  ];
}

/** Registers the test boot profiles, their files in the server's asset store (when it has a database). */
async function registerProfiles(databaseUrl: string, assetsDir: string): Promise<void> {
  if (!databaseUrl) return;
  const db = createDbClient(databaseUrl);
  try {
    await registerTestProfilesIn(db, assetsDir);
  } finally {
    await db.$disconnect();
  }
}

/**
 * Starts server/serve.ts as its own process (as production runs it), waits for /api/readyz and
 * registers the test boot profiles (tools/testenv/test-boot-profiles.ts).
 */
export async function startServerProcess(
  env: { kubeconfig: string; databaseUrl: string },
  {
    port: fixedPort,
    extraEnv = {},
    command = 'sources',
    stateDir: givenStateDir,
    readyTimeoutMs = 120_000,
  }: {
    port?: number;
    extraEnv?: Record<string, string>;
    command?: ServerCommand;
    /** Kept after stop (the caller's to remove), for a test that looks at what the server left. */
    stateDir?: string;
    /** How long the server may take to be ready: a benchmark's fleet on a loaded machine takes longer. */
    readyTimeoutMs?: number;
  } = {},
): Promise<ServerProcess> {
  const port = fixedPort ?? (await freePort());
  const stateDir = givenStateDir ?? (await mkdtemp(join(tmpdir(), 'rackpilot-server-')));
  const url = `http://127.0.0.1:${port}`;
  const [executable, args] = serverCommand(command);
  const assetsDir = extraEnv.RACKPILOT_BOOT_ASSETS ?? join(stateDir, 'boot-assets');
  // Before the server starts: the test database may hold the test profiles already, which it loads.
  await writeSimulatorAssets(assetsDir);
  const child = spawn(executable, args, {
    cwd: root,
    env: {
      ...(command === 'sources' ? process.env : runtimeEnv(process.env)),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      KUBECONFIG: env.kubeconfig,
      DATABASE_URL: env.databaseUrl,
      RACKPILOT_STATE_DIR: stateDir,
      RACKPILOT_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      RACKPILOT_BOOT_ASSETS: assetsDir,
      RACKPILOT_BOOT_ASSET_SERVER: await testAssetServerBinary((line) => {
        console.log(`[boot asset server] ${line}`);
      }),
      // Any free port: servers started side by side must not collide on the default one.
      RACKPILOT_BOOT_ASSET_PORT: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    // A server killed by a test has a signal code and no exit code: it has exited all the same.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    if (!givenStateDir) await rm(stateDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(url, child, output, readyTimeoutMs);
    await registerProfiles(env.databaseUrl, assetsDir);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output, stop, pid: child.pid ?? 0 };
}

/**
 * The server for API, access and edge tests, on the test environment handed over in KUBECONFIG and
 * DATABASE_URL, with no controllers: they would race the controller tests' own.
 */
export function startConsoleServer(
  extraEnv: Record<string, string> = {},
  port?: number,
): Promise<ServerProcess> {
  return startServerProcess(
    { kubeconfig: process.env.KUBECONFIG ?? '', databaseUrl: process.env.DATABASE_URL ?? '' },
    { port, extraEnv: { RACKPILOT_DISABLED_CONTROLLERS: controllerNames.join(','), ...extraEnv } },
  );
}
