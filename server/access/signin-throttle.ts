import type { DbClient } from '../db/client';
import { KNOWN_ADDRESS_DAYS, STREAK_END_FACTOR, type SigninLimits } from './signin-limits';

/** A password check that may go ahead; it already counts as a failure until `succeeded` says otherwise. */
export interface SigninReservation {
  username: string;
  address: string;
  countedForAccount: boolean;
}

export type SigninGate =
  | { ok: true; reservation: SigninReservation }
  | { ok: false; scope: 'address' | 'account'; retryAfterSeconds: number };

// Every statement decides and writes in one step on the database's clock, so concurrent attempts on any
// number of replicas cannot all read "allowed" before one of them writes (docs/decisions.md: sign-in limits).
/** Whether the run of failures in row `d` has ended; `seconds` is the parameter holding its length. */
const streakOver = (seconds: string) =>
  `(d.last_failure_at IS NULL OR d.last_failure_at < now() - make_interval(secs => ${seconds}::float8))`;
const failuresAfter = `(CASE WHEN ${streakOver('$5')} THEN 1 ELSE d.failures + 1 END)`;
const blockAfter = (failures: string) =>
  `CASE WHEN ${failures} >= $2::int THEN now() + make_interval(secs => ` +
  `LEAST($4::float8, $3::float8 * power(2, LEAST(${failures} - $2::int, 30)))) END`;

const RESERVE_ACCOUNT = `
  INSERT INTO signin_account_delays AS d (username, failures, streak_started_at, last_failure_at, blocked_until)
  VALUES ($1, 1, now(), now(), ${blockAfter('1')})
  ON CONFLICT (username) DO UPDATE SET
    failures = ${failuresAfter},
    streak_started_at = CASE WHEN ${streakOver('$5')} THEN now() ELSE d.streak_started_at END,
    last_failure_at = now(),
    blocked_until = ${blockAfter(failuresAfter)}
  WHERE d.blocked_until IS NULL OR d.blocked_until <= now()
  RETURNING d.failures`;

// A success takes back only its own count: attempts reserved beside it stay counted, so a right password
// among concurrent guesses does not open the door for the rest.
const REFUND_ACCOUNT = `
  UPDATE signin_account_delays SET
    failures = GREATEST(failures - 1, 0),
    last_failure_at = CASE WHEN failures <= 1 THEN NULL ELSE last_failure_at END,
    blocked_until = CASE WHEN failures <= 1 THEN NULL ELSE blocked_until END
  WHERE username = $1`;

const ACCOUNT_RETRY_AFTER = `
  SELECT GREATEST(1, CEIL(EXTRACT(EPOCH FROM blocked_until - now())))::int AS seconds
  FROM signin_account_delays WHERE username = $1`;

const availableTokens = `LEAST($2::float8, a.tokens + EXTRACT(EPOCH FROM now() - a.updated_at)::float8 / $3::float8)`;

const RESERVE_ADDRESS = `
  INSERT INTO signin_address_limits AS a (address, tokens, updated_at) VALUES ($1, $2::float8 - 1, now())
  ON CONFLICT (address) DO UPDATE SET tokens = ${availableTokens} - 1, updated_at = now()
  WHERE ${availableTokens} >= 1
  RETURNING a.tokens`;

const REFUND_ADDRESS = `
  UPDATE signin_address_limits SET tokens = LEAST($2::float8, tokens + 1) WHERE address = $1`;

// Known: signed in from this address within KNOWN_ADDRESS_DAYS, first before the current run of failures
// began, so an attacker's run cannot make the owner's usual address wait, and a success in the middle of
// the run (perhaps the attacker's lucky guess racing others) does not exempt that address from it.
const IS_KNOWN_ADDRESS = `
  SELECT 1 FROM signin_known_addresses k
  JOIN users u ON u.id = k.user_id
  LEFT JOIN signin_account_delays d ON d.username = u.username
  WHERE u.username = $1 AND k.address = $2 AND k.last_success_at > now() - make_interval(days => $3::int)
    AND (${streakOver('$4')} OR k.first_success_at < d.streak_started_at)`;

const REMEMBER_ADDRESS = `
  INSERT INTO signin_known_addresses (user_id, address, first_success_at, last_success_at)
  VALUES ($1::uuid, $2, now(), now())
  ON CONFLICT (user_id, address) DO UPDATE SET last_success_at = now()`;

/**
 * Limits password checks (sign-in and password change) per client address and per username, in
 * PostgreSQL so the limits hold across replicas. Usernames that do not exist are limited exactly like
 * real ones, so the answers do not tell which accounts exist, and nothing locks an account: a run of
 * failures delays further checks for a while that grows to a ceiling, and the owner's usual addresses skip
 * that delay.
 */
export class SigninThrottle {
  constructor(
    private readonly db: DbClient,
    readonly limits: SigninLimits,
  ) {}

  private get streakEndSeconds(): number {
    return this.limits.account.maxDelaySeconds * STREAK_END_FACTOR;
  }

  /**
   * Counts one password check against the username and the address, or refuses it. `knownAddressSkipsDelay`
   * is for sign-in only: a stolen session changing the password gets no exemption.
   */
  async reserve(
    username: string,
    address: string,
    { knownAddressSkipsDelay }: { knownAddressSkipsDelay: boolean },
  ): Promise<SigninGate> {
    const addressGate = await this.reserveAddress(address);
    if (!addressGate.ok) return addressGate;
    const { account } = this.limits;
    const skip = knownAddressSkipsDelay && (await this.isKnown(username, address));
    if (!skip) {
      const counted = await this.db.$queryRawUnsafe<unknown[]>(
        RESERVE_ACCOUNT,
        username,
        account.freeFailures,
        account.firstDelaySeconds,
        account.maxDelaySeconds,
        this.streakEndSeconds,
      );
      // The address keeps its spent token: a flood at a delayed username costs the sender like guesses do.
      if (counted.length === 0) {
        const [row] = await this.db.$queryRawUnsafe<{ seconds: number | null }[]>(
          ACCOUNT_RETRY_AFTER,
          username,
        );
        return { ok: false, scope: 'account', retryAfterSeconds: row?.seconds ?? 1 };
      }
    }
    return { ok: true, reservation: { username, address, countedForAccount: !skip } };
  }

  /** Counts one failed-until-proven-otherwise attempt against the address alone (wall screen tokens). */
  async reserveAddress(
    address: string,
  ): Promise<{ ok: true } | { ok: false; scope: 'address'; retryAfterSeconds: number }> {
    const { burst, refillSeconds } = this.limits.address;
    const taken = await this.db.$queryRawUnsafe<unknown[]>(RESERVE_ADDRESS, address, burst, refillSeconds);
    return taken.length > 0
      ? { ok: true }
      : { ok: false, scope: 'address', retryAfterSeconds: Math.ceil(refillSeconds) };
  }

  /** The attempt reserved with reserveAddress succeeded: the address gets its token back. */
  async addressSucceeded(address: string): Promise<void> {
    await this.db.$executeRawUnsafe(REFUND_ADDRESS, address, this.limits.address.burst);
  }

  /** The check found the right password: its reservation is given back; a sign-in also remembers the address. */
  async succeeded(reservation: SigninReservation, signedInUserId?: string): Promise<void> {
    await this.addressSucceeded(reservation.address);
    if (reservation.countedForAccount) await this.db.$executeRawUnsafe(REFUND_ACCOUNT, reservation.username);
    if (signedInUserId)
      await this.db.$executeRawUnsafe(REMEMBER_ADDRESS, signedInUserId, reservation.address);
  }

  /** Ends any delay on the username (its password was just set). */
  async clear(username: string): Promise<void> {
    await this.db.signinAccountDelay.deleteMany({ where: { username } });
  }

  /** Until when each of the usernames is refused password checks from addresses that are not known. */
  async delayedUntil(usernames: string[], now: Date): Promise<Map<string, Date>> {
    const rows = await this.db.signinAccountDelay.findMany({
      where: { username: { in: usernames }, blockedUntil: { gt: now } },
      select: { username: true, blockedUntil: true },
    });
    return new Map(rows.flatMap((row) => (row.blockedUntil ? [[row.username, row.blockedUntil]] : [])));
  }

  /** Drops rows that no longer limit anything: full buckets, ended runs, addresses not used for long. */
  async prune(now: Date): Promise<void> {
    const { burst, refillSeconds } = this.limits.address;
    await this.db.signinAddressLimit.deleteMany({
      where: { updatedAt: { lt: new Date(now.getTime() - burst * refillSeconds * 1000) } },
    });
    await this.db.signinAccountDelay.deleteMany({
      where: {
        OR: [
          { lastFailureAt: null },
          { lastFailureAt: { lt: new Date(now.getTime() - this.streakEndSeconds * 1000) } },
        ],
        AND: [{ OR: [{ blockedUntil: null }, { blockedUntil: { lt: now } }] }],
      },
    });
    await this.db.signinKnownAddress.deleteMany({
      where: { lastSuccessAt: { lt: new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 24 * 60 * 60 * 1000) } },
    });
  }

  private async isKnown(username: string, address: string): Promise<boolean> {
    const rows = await this.db.$queryRawUnsafe<unknown[]>(
      IS_KNOWN_ADDRESS,
      username,
      address,
      KNOWN_ADDRESS_DAYS,
      this.streakEndSeconds,
    );
    return rows.length > 0;
  }
}
