/**
 * The balances of limits every replica spends from (server/lib/shared-rate-limiter.ts), one row per
 * limit and client address. A row holds the balance as of `updated_at`; refill is computed from the
 * database's clock, so replicas whose clocks disagree still agree on the balance.
 */
import type { DbClient } from './client';
import type { RateBudget, SharedBalance } from '../lib/shared-rate-limiter';

/** Balances read back per exchange, lowest first: a flood of addresses cannot make the answer unbounded. */
const MAX_BALANCES = 10_000;
/** Rows changed a little before the last read are read again: a statement may commit after a later one. */
const OVERLAP_MS = 2_000;

export interface RateExchange {
  balances: SharedBalance[];
  /** The database's time of this read, epoch ms; the next exchange reads what changed since. */
  readAt: number;
}

const refilled = (budget: string, rate: string) =>
  `LEAST(${budget}, rate_balances.tokens
     + GREATEST(0, extract(epoch FROM now() - rate_balances.updated_at)) * ${rate})`;

/**
 * Spends this replica's usage from the shared balances, drops balances that are full again, and reads
 * every balance changed since `changedSince` (all of them the first time).
 */
export async function exchangeRateUsage(
  db: DbClient,
  limiter: string,
  budget: RateBudget,
  usage: ReadonlyMap<string, number>,
  changedSince: number | undefined,
): Promise<RateExchange> {
  if (usage.size > 0) {
    // A new row starts from a full bucket; EXCLUDED.tokens is that start, so burst − EXCLUDED.tokens is
    // what this replica used. The floor at −burst bounds how long an address waits after a flood.
    await db.$executeRawUnsafe(
      `INSERT INTO rate_balances (limiter, address, tokens, updated_at)
       SELECT $1, address, $3::float8 - used, now()
       FROM unnest($4::text[], $5::float8[]) AS usage(address, used)
       ON CONFLICT (limiter, address) DO UPDATE SET
         tokens = GREATEST(-$3::float8, ${refilled('$3::float8', '$2::float8')} - ($3::float8 - EXCLUDED.tokens)),
         updated_at = now()`,
      limiter,
      budget.perSecond,
      budget.burst,
      [...usage.keys()],
      [...usage.values()],
    );
  }
  // From −burst a bucket is full again after 2 × burst / perSecond seconds.
  await db.$executeRawUnsafe(
    `DELETE FROM rate_balances
     WHERE limiter = $1 AND updated_at < now() - $2::float8 * interval '1 second'`,
    limiter,
    (2 * budget.burst) / budget.perSecond,
  );
  const [row] = await db.$queryRawUnsafe<{ read_at: number; balances: SharedBalance[] }[]>(
    `SELECT floor(extract(epoch FROM now()) * 1000)::float8 AS read_at,
       coalesce(json_agg(json_build_object('address', address, 'tokens', tokens)), '[]'::json) AS balances
     FROM (
       SELECT address, ${refilled('$2::float8', '$3::float8')} AS tokens
       FROM rate_balances
       WHERE limiter = $1 AND updated_at >= to_timestamp($4::float8 / 1000)
       ORDER BY tokens
       LIMIT ${MAX_BALANCES}
     ) AS changed`,
    limiter,
    budget.burst,
    budget.perSecond,
    changedSince === undefined ? 0 : changedSince - OVERLAP_MS,
  );
  return { balances: row?.balances ?? [], readAt: row?.read_at ?? Date.now() };
}
