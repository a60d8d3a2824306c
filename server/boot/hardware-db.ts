/**
 * The boot service's SQL. Multi-row and conditional statements are raw SQL on purpose: a batch of
 * sightings is one `INSERT … SELECT unnest(…) ON CONFLICT` (Prisma's upsert is one row per statement),
 * and a claim is one conditional UPDATE, which is what makes it atomic.
 */
import type { DbClient } from '../db/client';
import type { HardwareState } from '../schemas/hardware-list';
import type {
  AddressConflict,
  FullHardwareRow,
  HardwareStateRow,
  MachineClaim,
  SightingDelta,
} from './hardware-store';
import {
  AddressBindingDb,
  bindIfUnbound,
  flushBindingSql,
  fromBoundAddress,
  mayIssueToken,
  type TokenGrant,
} from './address-binding-db';
import {
  asState,
  fromMs,
  ms,
  NOW,
  recordHistory,
  STATE_COLUMNS,
  stateColumns,
  stateRow,
  updateStateRows,
  type FullRowSql,
  type StateRowSql,
} from './hardware-sql';

export interface FinishOutcome {
  /** State before and after the callback. */
  from: HardwareState;
  row: HardwareStateRow;
}

/** Where a replica's read-back of other replicas' sightings has got to. */
export interface FlushCursor {
  atMs: number;
  mac: string;
}

export interface FlushedSighting extends FullHardwareRow {
  flushedAt: number;
}

const FULL_COLUMNS = `${STATE_COLUMNS}, vendor, ${ms('first_seen')} AS first_seen, ${ms('last_seen')} AS last_seen,
  boot_count, uuid, serial, reported_hostname`;

function fullRow(row: FullRowSql): FullHardwareRow {
  return {
    ...stateRow(row),
    vendor: row.vendor,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    bootCount: row.boot_count,
    uuid: row.uuid,
    serial: row.serial,
    hostname: row.reported_hostname,
  };
}

export class HardwareDb {
  /** The statements of a MAC's address binding and its conflicts. */
  readonly bindings: AddressBindingDb;

  constructor(readonly db: DbClient) {
    this.bindings = new AddressBindingDb(db);
  }

  /**
   * One statement for a whole batch; counts add up, times only move outwards, the binding and its
   * conflict merge as `flushBindingSql` says. Each row is stamped with the flushing replica's id, so that `sightingsFlushedAfter` skips a
   * replica's own rows.
   */
  async flushSightings(deltas: SightingDelta[], replica: string): Promise<void> {
    if (deltas.length === 0) return;
    const column = <K extends keyof SightingDelta>(key: K) => deltas.map((delta) => delta[key]);
    const conflict = <K extends keyof AddressConflict>(key: K) =>
      deltas.map((delta) => delta.conflict?.[key] ?? null);
    await this.db.$executeRawUnsafe(
      `INSERT INTO hardware (mac, vendor, first_seen, last_seen, boot_count, bound_ip, bound_at, uuid, serial,
         reported_hostname, conflict_ip, conflict_first_seen, conflict_last_seen, conflict_count, flushed_at, flushed_by)
       SELECT mac, vendor, ${fromMs('first_ms')}, ${fromMs('last_ms')}, boots, ip, ${fromMs('bound_ms')},
         uuid, serial, hostname, conflict_ip, ${fromMs('conflict_first_ms')}, ${fromMs('conflict_last_ms')},
         COALESCE(conflict_count, 0), ${NOW}, $15
       FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[], $5::int[], $6::text[], $7::text[], $8::text[],
         $9::text[], $10::text[], $11::float8[], $12::float8[], $13::int[], $14::float8[])
         AS batch(mac, vendor, first_ms, last_ms, boots, ip, uuid, serial, hostname, conflict_ip, conflict_first_ms,
           conflict_last_ms, conflict_count, bound_ms)
       ON CONFLICT (mac) DO UPDATE SET
         first_seen = LEAST(hardware.first_seen, excluded.first_seen),
         last_seen = GREATEST(hardware.last_seen, excluded.last_seen),
         boot_count = hardware.boot_count + excluded.boot_count,
         vendor = COALESCE(excluded.vendor, hardware.vendor),
         ${flushBindingSql()},
         flushed_at = excluded.flushed_at,
         flushed_by = excluded.flushed_by`,
      column('mac'),
      column('vendor'),
      column('firstSeen'),
      column('lastSeen'),
      column('boots'),
      column('ip'),
      column('uuid'),
      column('serial'),
      column('hostname'),
      conflict('ip'),
      conflict('firstSeen'),
      conflict('lastSeen'),
      conflict('count'),
      column('boundAt'),
      replica,
    );
  }

  async loadAll(): Promise<FullHardwareRow[]> {
    return this.fullRows('ORDER BY last_seen');
  }

  /**
   * At most `limit` rows that replicas other than `replica` flushed after `cursor` (database time, then
   * MAC, so that a page ending inside one batch's timestamp goes on where it stopped), in that order.
   */
  async sightingsFlushedAfter(
    cursor: FlushCursor,
    replica: string,
    limit: number,
  ): Promise<FlushedSighting[]> {
    const rows = await this.db.$queryRawUnsafe<(FullRowSql & { flushed_at: number })[]>(
      `SELECT ${FULL_COLUMNS}, ${ms('flushed_at')} AS flushed_at FROM hardware
       WHERE (flushed_at, mac) > (${fromMs('$1')}, $2) AND flushed_by IS DISTINCT FROM $3
       ORDER BY flushed_at, mac LIMIT $4`,
      cursor.atMs,
      cursor.mac,
      replica,
      limit,
    );
    return rows.map((row) => ({ ...fullRow(row), flushedAt: row.flushed_at }));
  }

  private async fullRows(where: string, ...parameters: unknown[]): Promise<FullHardwareRow[]> {
    const rows = await this.db.$queryRawUnsafe<FullRowSql[]>(
      `SELECT ${FULL_COLUMNS} FROM hardware ${where}`,
      ...parameters,
    );
    return rows.map(fullRow);
  }

  /**
   * Lifecycle states changed since `sinceMs` (database time). Callers overlap their windows, so a
   * transaction that committed late with an earlier timestamp is still read.
   */
  async statesSince(sinceMs: number): Promise<HardwareStateRow[]> {
    const rows = await this.db.$queryRawUnsafe<StateRowSql[]>(
      `SELECT ${STATE_COLUMNS} FROM hardware WHERE state_changed_at >= ${fromMs('$1')}`,
      sinceMs,
    );
    return rows.map(stateRow);
  }

  async nowMs(): Promise<number> {
    const [row] = await this.db.$queryRawUnsafe<{ now: number }[]>(`SELECT ${ms(NOW)} AS now`);
    return row?.now ?? Date.now();
  }

  private history(mac: string, state: string, machine: string | null, message: string | null) {
    return recordHistory(this.db, mac, state, machine, message);
  }

  private updateState(sql: string, ...parameters: unknown[]): Promise<HardwareStateRow[]> {
    return updateStateRows(this.db, sql, ...parameters);
  }

  /** The MAC a machine holds (after a crash between claim and status write, the claim is found again). */
  async claimOf(uid: string): Promise<HardwareStateRow | undefined> {
    const rows = await this.db.$queryRawUnsafe<StateRowSql[]>(
      `SELECT ${STATE_COLUMNS} FROM hardware WHERE claim_uid = $1`,
      uid,
    );
    return rows.map(stateRow)[0];
  }

  /**
   * Claims a MAC for a machine in one conditional UPDATE: exactly `mac` if given, otherwise the most
   * recently seen unleased MAC seen after `freshSinceMs`, without an address conflict and not in
   * `reserved` (MACs other machines ask for by name). Undefined when nothing could be claimed; two
   * machines can never both succeed.
   */
  async claim(
    machine: MachineClaim,
    wanted: { mac: string } | { freshSinceMs: number; reserved: string[] },
  ): Promise<HardwareStateRow | undefined> {
    const set = `SET state = 'claimed', claim_uid = $1, claim_namespace = $2, claim_name = $3,
      claimed_at = ${NOW}, state_changed_at = ${NOW}, attempts = 0, token_hash = NULL,
      failure_reason = NULL, failure_message = NULL, finished_at = NULL`;
    const rows =
      'mac' in wanted
        ? await this.updateState(
            `UPDATE hardware ${set} WHERE mac = $4 AND state = 'unleased' AND claim_uid IS NULL`,
            machine.uid,
            machine.namespace,
            machine.name,
            wanted.mac,
          )
        : await this.updateState(
            `UPDATE hardware ${set} WHERE mac = (
               SELECT mac FROM hardware
               WHERE state = 'unleased' AND claim_uid IS NULL AND last_seen >= ${fromMs('$4')}
                 AND conflict_ip IS NULL AND NOT (mac = ANY($5::text[]))
               ORDER BY last_seen DESC LIMIT 1 FOR UPDATE SKIP LOCKED
             ) AND state = 'unleased' AND claim_uid IS NULL`,
            machine.uid,
            machine.namespace,
            machine.name,
            wanted.freshSinceMs,
            wanted.reserved,
          );
    const row = rows[0];
    if (row) await this.history(row.mac, 'claimed', `${machine.namespace}/${machine.name}`, null);
    return row;
  }

  /**
   * Stores the hash of a fresh install token for a claimed MAC asked for from its bound address, and
   * moves it to provisioning; counts an attempt when the install starts from `claimed`. A live token is
   * replaced only once it is `reissueMs` old (see `mayIssueToken`).
   */
  async issueInstallToken(
    mac: string,
    claimUid: string,
    tokenHash: string,
    grant: TokenGrant,
  ): Promise<HardwareStateRow | undefined> {
    const rows = await this.updateState(
      `UPDATE hardware SET token_hash = $3, token_issued_at = ${NOW}, ${bindIfUnbound('$4')},
         attempts = attempts + CASE WHEN state = 'claimed' THEN 1 ELSE 0 END,
         state_changed_at = CASE WHEN state = 'claimed' THEN ${NOW} ELSE state_changed_at END,
         state = 'provisioning'
       WHERE mac = $1 AND claim_uid = $2 AND state IN ('claimed', 'provisioning') AND ${mayIssueToken('$4', '$5')}`,
      mac,
      claimUid,
      tokenHash,
      grant.ip,
      grant.reissueMs,
    );
    const row = rows[0];
    if (row) await this.history(mac, 'provisioning', null, `install script served (attempt ${row.attempts})`);
    return row;
  }

  /** As `issueInstallToken`, for a MAC waiting to be wiped. */
  async issueWipeToken(mac: string, tokenHash: string, grant: TokenGrant): Promise<boolean> {
    const rows = await this.updateState(
      `UPDATE hardware SET token_hash = $2, token_issued_at = ${NOW}, ${bindIfUnbound('$3')}
       WHERE mac = $1 AND state = 'wiping' AND ${mayIssueToken('$3', '$4')}`,
      mac,
      tokenHash,
      grant.ip,
      grant.reissueMs,
    );
    return rows.length > 0;
  }

  /** Deletes the rows of evicted sightings that are still unleased and unclaimed; returns how many. */
  async forgetUnleased(macs: string[]): Promise<number> {
    if (macs.length === 0) return 0;
    return this.db.$executeRawUnsafe(
      `DELETE FROM hardware WHERE mac = ANY($1::text[]) AND state = 'unleased'
         AND claim_uid IS NULL AND claim_name IS NULL`,
      macs,
    );
  }

  /** Whether `tokenHash` is the MAC's current token, presented from its bound address (the config request). */
  async tokenMatches(mac: string, tokenHash: string, ip: string): Promise<boolean> {
    const rows = await this.db.$queryRawUnsafe<{ mac: string }[]>(
      `SELECT mac FROM hardware WHERE mac = $1 AND token_hash = $2 AND ${fromBoundAddress('$3')}`,
      mac,
      tokenHash,
      ip,
    );
    return rows.length > 0;
  }

  /**
   * The installer's or wiper's callback from the MAC's bound address, consuming the token in the same
   * statement that checks it. Install done → provisioned; install failed → claimed again while
   * attempts ≤ `retries`, else failed; wipe done → wiped (unleased once the machine itself boots into
   * the loop, see `confirmWiped`); wipe failed → stays wiping (the next boot wipes again).
   */
  async finish(
    mac: string,
    tokenHash: string,
    ok: boolean,
    message: string | null,
    retries: number,
    ip: string,
  ): Promise<FinishOutcome | undefined> {
    const rows = await this.db.$queryRawUnsafe<(StateRowSql & { from_state: string })[]>(
      `WITH current AS (
         SELECT mac, state FROM hardware WHERE mac = $1 AND token_hash = $2 AND state IN ('provisioning', 'wiping')
           AND ${fromBoundAddress('$6')} FOR UPDATE
       )
       UPDATE hardware h SET
         token_hash = NULL,
         finished_at = ${NOW},
         state_changed_at = ${NOW},
         state = CASE
           WHEN c.state = 'wiping' THEN CASE WHEN $3 THEN 'wiped' ELSE 'wiping' END
           WHEN $3 THEN 'provisioned'
           WHEN h.attempts <= $5 THEN 'claimed'
           ELSE 'failed' END,
         failure_reason = CASE WHEN $3 THEN NULL WHEN c.state = 'wiping' THEN 'WipeFailed' ELSE 'InstallFailed' END,
         failure_message = CASE WHEN $3 THEN NULL ELSE $4 END
       FROM current c WHERE h.mac = c.mac
       RETURNING c.state AS from_state, ${stateColumns('h')}`,
      mac,
      tokenHash,
      ok,
      message,
      retries,
      ip,
    );
    const row = rows[0];
    if (!row) return undefined;
    const outcome = { from: asState(row.from_state), row: stateRow(row) };
    const wiped =
      outcome.row.state === 'wiped' ? "wiper reported done; waiting for the machine's next boot" : null;
    await this.history(mac, outcome.row.state, null, message ?? wiped);
    return outcome;
  }

  /**
   * A deleted machine lets go of its MAC: a MAC it never booted into the installer is simply unleased;
   * otherwise it is marked for wiping (the former holder's name stays for the list).
   */
  async release(uid: string): Promise<HardwareStateRow | undefined> {
    const rows = await this.updateState(
      `UPDATE hardware SET
         state = CASE WHEN state = 'claimed' THEN 'unleased' ELSE 'wiping' END,
         claim_namespace = CASE WHEN state = 'claimed' THEN NULL ELSE claim_namespace END,
         claim_name = CASE WHEN state = 'claimed' THEN NULL ELSE claim_name END,
         claim_uid = NULL, token_hash = NULL, attempts = 0, failure_reason = NULL, failure_message = NULL,
         state_changed_at = ${NOW}
       WHERE claim_uid = $1`,
      uid,
    );
    const row = rows[0];
    if (row) await this.history(row.mac, row.state, null, 'released');
    return row;
  }

  /** The operator's retry of a failed install: the next boot installs again. */
  async retry(uid: string): Promise<HardwareStateRow | undefined> {
    const rows = await this.updateState(
      `UPDATE hardware SET state = 'claimed', attempts = 0, token_hash = NULL, failure_reason = NULL,
         failure_message = NULL, state_changed_at = ${NOW}
       WHERE claim_uid = $1 AND state = 'failed'`,
      uid,
    );
    const row = rows[0];
    if (row) await this.history(row.mac, 'claimed', null, 'retry');
    return row;
  }

  /** An install that never called back within the deadline fails (the host vanished or hung). */
  async expireInstall(
    uid: string,
    issuedBeforeMs: number,
    message: string,
  ): Promise<HardwareStateRow | undefined> {
    const rows = await this.updateState(
      `UPDATE hardware SET state = 'failed', token_hash = NULL, failure_reason = 'InstallTimeout',
         failure_message = $3, state_changed_at = ${NOW}
       WHERE claim_uid = $1 AND state = 'provisioning' AND token_issued_at < ${fromMs('$2')}`,
      uid,
      issuedBeforeMs,
      message,
    );
    const row = rows[0];
    if (row) await this.history(row.mac, 'failed', null, message);
    return row;
  }

  /** Claims held by machines that no longer exist (deleted without their finalizer); see the cluster controller. */
  async claimHolders(): Promise<{ mac: string; uid: string }[]> {
    return this.db.$queryRawUnsafe<{ mac: string; uid: string }[]>(
      `SELECT mac, claim_uid AS uid FROM hardware WHERE claim_uid IS NOT NULL`,
    );
  }
}
