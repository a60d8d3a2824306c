import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTimeoutsProbe } from '../../tools/probe/finding-12-database-timeouts';
import { signInAsAdmin } from '../../tools/testenv/console-client';
import {
  startServerProcess,
  TEST_ADMIN_PASSWORD,
  type ServerProcess,
} from '../../tools/testenv/server-process';
import { controllerNames } from '../controllers/build-controllers';
import { createDbClient, type DbClient } from './client';

const databaseUrl = process.env.DATABASE_URL ?? '';
/** Far beyond every bound under test: a call still pending by then queued instead of failing. */
const HANG = 30_000;

/** How the call settled, or 'hung' if it had not within HANG ms. */
async function settled<T>(call: Promise<T>): Promise<PromiseSettledResult<T> | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => {
      resolve('hung');
    }, HANG);
  });
  try {
    const outcome = call.then(
      (value): PromiseSettledResult<T> => ({ status: 'fulfilled', value }),
      (reason: unknown): PromiseSettledResult<T> => ({ status: 'rejected', reason }),
    );
    return await Promise.race([outcome, hung]);
  } finally {
    clearTimeout(timer);
  }
}

function refusedWith(message: string) {
  const reason: unknown = expect.objectContaining({ name: 'DatabaseUnavailableError', message });
  return { status: 'rejected', reason };
}

describe('database limits, in the client', () => {
  let db: DbClient;

  beforeAll(() => {
    db = createDbClient(databaseUrl, { poolSize: 2, acquireTimeoutMs: 500, statementTimeoutMs: 1000 });
  });

  afterAll(async () => {
    await db.$disconnect();
  });

  it('a statement beyond the statement timeout is cancelled with a clear error', async () => {
    expect(await settled(db.$queryRawUnsafe('SELECT pg_sleep(60)'))).toEqual(
      refusedWith('database statement cancelled after 1000 ms (statement timeout)'),
    );
  });

  it('a written-out statement beyond the statement timeout is cancelled with the same clear error', async () => {
    expect(await settled(db.$sqlRows('SELECT pg_sleep(60)', []))).toEqual(
      refusedWith('database statement cancelled after 1000 ms (statement timeout)'),
    );
  });

  it('with every connection held by an open transaction, a call fails with a clear error instead of queueing', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    const holders = [0, 1].map(() =>
      db.$transaction(async (tx) => {
        await tx.$queryRawUnsafe('SELECT 1');
        started++;
        await held;
      }),
    );
    try {
      await expect.poll(() => started).toBe(2);
      // Both at once: the holders' transactions end at their 1 s timeout.
      const busy = refusedWith('database busy: no connection free within 500 ms (pool of 2)');
      expect(
        await Promise.all([settled(db.setting.findMany()), settled(db.$sqlRows('SELECT 1', []))]),
      ).toEqual([busy, busy]);
    } finally {
      release();
      await Promise.allSettled(holders);
    }
    expect(await db.setting.count()).toBeGreaterThanOrEqual(0);
  });
});

describe('database limits, in the server', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess(
      { kubeconfig: process.env.KUBECONFIG ?? '', databaseUrl },
      {
        extraEnv: {
          RACKPILOT_DISABLED_CONTROLLERS: controllerNames.join(','),
          RACKPILOT_DB_STATEMENT_TIMEOUT_MS: '1000',
        },
      },
    );
  });

  afterAll(async () => {
    await server.stop();
  });

  it('a change stuck behind a lock answers 503 with the reason while the lock is still held', async () => {
    const admin = await signInAsAdmin(server.url);
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE settings IN ACCESS EXCLUSIVE MODE');
      expect(await settled(admin.mutate('access.setAuditRetention', { days: 90 }))).toMatchObject({
        status: 'fulfilled',
        value: {
          status: 503,
          error: { message: 'database statement cancelled after 1000 ms (statement timeout)' },
        },
      });
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
  });

  it('the probe holds', async () => {
    const outcome = await databaseTimeoutsProbe.run(
      { url: server.url, credentials: { username: 'admin', password: TEST_ADMIN_PASSWORD } },
      AbortSignal.timeout(HANG),
    );
    expect(outcome, outcome.detail).toMatchObject({ held: true });
  });
});
