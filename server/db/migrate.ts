// Runs the Prisma CLI (node_modules/.bin/prisma, configured by prisma.config.ts) for the start and test
// scripts, and turns its failures into one clear line.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SetupError } from '../setup-error';
import { parseDatabaseUrl } from './database-url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
// Run by this process's Node rather than through node_modules/.bin's `#!/usr/bin/env node`: the container
// image has no /usr/bin/env (docs/decisions.md, "Container image from scratch").
const prismaCli = join(repoRoot, 'node_modules', 'prisma', 'build', 'index.js');

interface PrismaRun {
  code: number | null;
  /** stdout and stderr interleaved, as a user would have seen them. */
  output: string;
  stdout: string;
}

interface PrismaRunOptions {
  databaseUrl?: string;
  timeoutMs?: number;
  /**
   * Output that means the command has finished its work. The JS schema engine leaves a 10 s advisory-lock
   * timer running after `migrate deploy`, which keeps the CLI alive that long for nothing; once this line has
   * been printed the CLI gets a moment to exit by itself and is then ended, counting as success.
   */
  doneWhen?: RegExp;
}

/** Runs the Prisma CLI from the repository root; rejects only if it cannot be started. */
export function runPrisma(args: string[], options: PrismaRunOptions = {}): Promise<PrismaRun> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // No update checks or usage reports (prisma.config.ts sets these too, for hand-run commands).
    CHECKPOINT_DISABLE: '1',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    NO_COLOR: '1',
  };
  if (options.databaseUrl === undefined) delete env.DATABASE_URL;
  else env.DATABASE_URL = options.databaseUrl;

  if (!existsSync(prismaCli)) return Promise.reject(new SetupError(`${prismaCli} not found: run npm ci`));
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [prismaCli, ...args], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stdout = '';
    let finishedWork = false;
    let endedByUs = false;
    let timedOut = false;
    let endTimer: NodeJS.Timeout | undefined;
    const onChunk = (chunk: Buffer, isStdout: boolean) => {
      const text = chunk.toString();
      output += text;
      if (isStdout) stdout += text;
      if (!finishedWork && options.doneWhen?.test(output)) {
        finishedWork = true;
        endTimer = setTimeout(() => {
          endedByUs = true;
          child.kill('SIGTERM');
        }, 500);
      }
    };
    child.stdout.on('data', (chunk: Buffer) => {
      onChunk(chunk, true);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      onChunk(chunk, false);
    });
    const timeout = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs ?? 180_000);
    child.on('error', (error) => {
      clearTimeout(timeout);
      clearTimeout(endTimer);
      reject(new SetupError(`cannot run ${prismaCli}: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timeout);
      clearTimeout(endTimer);
      if (timedOut) {
        reject(
          new SetupError(
            `prisma ${args.join(' ')} did not finish within ${(options.timeoutMs ?? 180_000) / 1000}s`,
          ),
        );
        return;
      }
      resolvePromise({ code: endedByUs ? 0 : code, output, stdout });
    });
  });
}

/** The first meaningful line of a Prisma error, without the engine's backtrace. */
function prismaErrorLine(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^\d+: |^at |^with /.test(line));
  const start = lines.findIndex((line) => line.startsWith('Error:'));
  if (start === -1) return lines.at(-1) ?? 'no output';
  const first = lines[start]?.replace(/^Error:\s*/, '') ?? '';
  // "external connector error" and "P3018 ..." headers are followed by the useful line.
  if (first === '' || /^external connector error$|^P\d{4}$/.test(first)) return lines[start + 1] ?? first;
  return first;
}

/** Maps the output of a failed migrate command to a one-line, actionable SetupError. */
export function migrateFailure(databaseUrl: string, output: string): SetupError {
  const { address, database, user } = parseDatabaseUrl(databaseUrl);
  if (
    /Can't reach database server|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|timeout exceeded when trying to connect|terminated due to connection timeout/i.test(
      output,
    )
  ) {
    return new SetupError(
      `cannot reach PostgreSQL at ${address}: is PostgreSQL running there? Check DATABASE_URL`,
    );
  }
  if (/Authentication failed|password authentication failed|P1000/.test(output)) {
    return new SetupError(
      `PostgreSQL at ${address} rejected user "${user}" (wrong password?): check DATABASE_URL`,
    );
  }
  if (/Database .* does not exist|database ".*" does not exist|P1003/.test(output)) {
    return new SetupError(
      `database "${database}" does not exist on ${address}: create it, or check DATABASE_URL`,
    );
  }
  if (/found failed migrations|P3009/.test(output)) {
    const name = /The `([^`]+)` migration started at/.exec(output)?.[1] ?? 'a migration';
    return new SetupError(
      `migration ${name} failed earlier and is recorded as failed in database "${database}": fix it and ` +
        `mark the attempt rolled back (prisma/README.md, "When a migration fails")`,
    );
  }
  const migration = /migration_name="([^"]+)"/.exec(output)?.[1];
  const reason = prismaErrorLine(output);
  return new SetupError(
    migration
      ? `migration ${migration} failed on ${address}/${database}: ${reason}`
      : `prisma migrate failed on ${address}/${database}: ${reason}`,
  );
}

/** A pg connection error as one line; an AggregateError (every address refused) has only a code. */
function connectionErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.includes(code) ? `${code} ${error.message}` : error.message;
}

/**
 * Key of the session-level advisory lock held around `migrate deploy` ("RACK"). Prisma's own lock gives
 * up after 10 s, so a second replica starting during a longer migration would fail its start; this one
 * waits for as long as the migration takes. Advisory locks are per database, as the migrations are.
 */
export const MIGRATION_LOCK_KEY = 0x5241434b;

/**
 * Applies pending migrations from prisma/migrations (prisma migrate deploy), one process at a time:
 * replicas starting together wait for each other, and the later ones find nothing pending. The lock is
 * held on a connection of its own, which PostgreSQL releases if this process dies.
 */
export async function migrateDatabase(databaseUrl: string): Promise<void> {
  parseDatabaseUrl(databaseUrl);
  const lock = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  // A connection lost while waiting surfaces as the failed query below, not as an unhandled event.
  lock.on('error', () => undefined);
  try {
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  } catch (error) {
    await lock.end().catch(() => undefined);
    throw migrateFailure(databaseUrl, `Error: ${connectionErrorText(error)}`);
  }
  try {
    const run = await runPrisma(['migrate', 'deploy'], {
      databaseUrl,
      doneWhen: /All migrations have been successfully applied\.|No pending migrations to apply\./,
    });
    if (run.code !== 0) throw migrateFailure(databaseUrl, run.output);
  } finally {
    // Ending the session releases the lock.
    await lock.end().catch(() => undefined);
  }
}

/** Writes the Prisma client to server/db/generated (prisma generate); needs no database. */
export async function generatePrismaClient(): Promise<void> {
  const run = await runPrisma(['generate'], { timeoutMs: 120_000 });
  if (run.code !== 0) throw new SetupError(`prisma generate failed: ${prismaErrorLine(run.output)}`);
}
