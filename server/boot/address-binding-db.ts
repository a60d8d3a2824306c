/**
 * A MAC's address binding in SQL (docs/security.md §15): the fragments the token statements and the
 * sightings flush share, and the statements of conflicts (a request from another address, an operator's
 * answer to it, and the wiped machine's own boot that confirms its wipe). Each is one conditional
 * statement, so replicas sharing the database agree.
 */
import type { DbClient } from '../db/client';
import { MAX_CONFLICT_COUNT, type HardwareStateRow } from './hardware-store';
import {
  NOW,
  recordHistory,
  stateColumns,
  stateRow,
  updateStateRows,
  type StateRowSql,
} from './hardware-sql';

/** Who asks for a token: the client address it came from, and when a live token may be replaced. */
export interface TokenGrant {
  ip: string;
  reissueMs: number;
}

/**
 * Whether a request from this address speaks for the MAC (parameter: the address): it is the address
 * the MAC is bound to, and no other address has asked for the MAC since (an unresolved conflict).
 */
export function fromBoundAddress(ip: string): string {
  return `(bound_ip = ${ip} AND conflict_ip IS NULL)`;
}

/**
 * When a boot request may get a token (parameters: the address, the re-issue age in ms): it comes from
 * the MAC's bound address without a conflict, and there is no live token or it is old enough that this
 * is a re-boot rather than a repeat. A MAC no sighting has bound yet is bound to this request.
 */
export function mayIssueToken(ip: string, reissueMs: string): string {
  return `(COALESCE(bound_ip, ${ip}) = ${ip} AND conflict_ip IS NULL AND (token_hash IS NULL
    OR token_issued_at <= ${NOW} - ${reissueMs}::float8 * interval '1 millisecond'))`;
}

/** The binding a token issue makes for a MAC no sighting has bound yet (parameter: the address). */
export const bindIfUnbound = (ip: string) =>
  `bound_ip = COALESCE(bound_ip, ${ip}), bound_at = COALESCE(bound_at, ${NOW})`;

/**
 * In a sightings flush, the address of the delta that is not the MAC's binding, if any: the replica
 * bound the MAC elsewhere, or saw another address itself. What happened before the binding's last
 * confirmation is stale (an operator already chose).
 */
function otherAddress(): string {
  const bound = 'COALESCE(hardware.bound_ip, excluded.bound_ip)';
  const after = (time: string) => `(hardware.bound_at IS NULL OR ${time} > hardware.bound_at)`;
  return `(CASE
    WHEN excluded.bound_ip <> ${bound} AND ${after('excluded.last_seen')} THEN excluded.bound_ip
    WHEN excluded.conflict_ip <> ${bound} AND ${after('excluded.conflict_last_seen')} THEN excluded.conflict_ip
  END)`;
}

export interface ConflictOutcome {
  row: HardwareStateRow;
  /** A live install or wipe token was revoked by it. */
  revoked: boolean;
}

/**
 * The SET clauses of a sightings flush for the binding, the reported facts and the conflict: the first
 * binding the database gets stays; facts are taken only from a replica that binds the MAC to the same
 * address; another address becomes (or adds to) the conflict and marks the state changed, so every
 * replica reads it back. Conflict times here are the flush's (within one flush interval).
 */
export function flushBindingSql(): string {
  const other = otherAddress();
  const sameBinding = `(hardware.bound_ip IS NULL OR hardware.bound_ip = excluded.bound_ip)`;
  const fact = (name: string) =>
    `${name} = CASE WHEN ${sameBinding} THEN COALESCE(excluded.${name}, hardware.${name}) ELSE hardware.${name} END`;
  return `bound_ip = COALESCE(hardware.bound_ip, excluded.bound_ip),
    bound_at = CASE WHEN hardware.bound_ip IS NULL THEN excluded.bound_at ELSE hardware.bound_at END,
    ${fact('uuid')},
    ${fact('serial')},
    ${fact('reported_hostname')},
    conflict_ip = COALESCE(${other}, hardware.conflict_ip),
    conflict_first_seen = CASE WHEN ${other} IS NULL OR ${other} = hardware.conflict_ip
      THEN hardware.conflict_first_seen ELSE ${NOW} END,
    conflict_last_seen = CASE WHEN ${other} IS NULL THEN hardware.conflict_last_seen ELSE ${NOW} END,
    conflict_count = CASE WHEN ${other} IS NULL THEN hardware.conflict_count
      WHEN ${other} = hardware.conflict_ip
        THEN LEAST(GREATEST(hardware.conflict_count, excluded.conflict_count), ${MAX_CONFLICT_COUNT})
      ELSE GREATEST(excluded.conflict_count, 1) END,
    state_changed_at = CASE WHEN ${other} IS DISTINCT FROM hardware.conflict_ip AND ${other} IS NOT NULL
      THEN ${NOW} ELSE hardware.state_changed_at END`;
}

export class AddressBindingDb {
  constructor(private readonly db: DbClient) {}

  /**
   * A boot request for the MAC came from another address than its binding: recorded as its conflict
   * (one slot, the latest address), and a live token is revoked, an install going back to `claimed`.
   * Undefined when the request came from the bound address (or the MAC is not bound). History gets a
   * line when the MAC had no conflict or a token was revoked: both need an operator's confirmation in
   * between, so addresses taking turns cannot grow the history.
   */
  async recordConflict(mac: string, ip: string): Promise<ConflictOutcome | undefined> {
    const rows = await this.db.$queryRawUnsafe<
      (StateRowSql & { revoked: boolean; fresh: boolean; from_state: string; bound: string })[]
    >(
      `WITH current AS (
         SELECT mac, state, bound_ip, token_hash IS NOT NULL AS revoked,
           conflict_ip IS NULL AS fresh, conflict_ip IS DISTINCT FROM $2 AS changed
         FROM hardware WHERE mac = $1 AND bound_ip IS NOT NULL AND bound_ip <> $2 FOR UPDATE
       )
       UPDATE hardware h SET
         conflict_first_seen = CASE WHEN c.changed THEN ${NOW} ELSE h.conflict_first_seen END,
         conflict_last_seen = ${NOW},
         conflict_count = CASE WHEN c.changed THEN 1 ELSE LEAST(h.conflict_count + 1, ${MAX_CONFLICT_COUNT}) END,
         conflict_ip = $2,
         token_hash = NULL,
         state = CASE WHEN c.state = 'provisioning' THEN 'claimed' ELSE c.state END,
         state_changed_at = ${NOW}
       FROM current c WHERE h.mac = c.mac
       RETURNING c.revoked, c.fresh, c.state AS from_state, c.bound_ip AS bound, ${stateColumns('h')}`,
      mac,
      ip,
    );
    const row = rows[0];
    if (!row) return undefined;
    const outcome = { row: stateRow(row), revoked: row.revoked };
    if (row.fresh || row.revoked) {
      const token = row.from_state === 'wiping' ? 'wipe' : 'install';
      await recordHistory(
        this.db,
        mac,
        outcome.row.state,
        null,
        `address conflict: ${ip} asked for this MAC, bound to ${row.bound}` +
          (row.revoked ? `; the live ${token} token is revoked` : '') +
          '; no token until an operator confirms the address',
      );
    }
    return outcome;
  }

  /**
   * An operator's answer to a conflict: `ip` (one of the two addresses) is the machine's. Rebinds, clears
   * the conflict and revokes any token (one issued before the conflict was noticed by a flush included):
   * an install under contest starts again, a wipe runs again on the machine's next boot.
   */
  async confirmAddress(mac: string, ip: string, by: string): Promise<HardwareStateRow | undefined> {
    const rows = await updateStateRows(
      this.db,
      `UPDATE hardware SET bound_ip = $2, bound_at = ${NOW}, conflict_ip = NULL, conflict_first_seen = NULL,
         conflict_last_seen = NULL, conflict_count = 0, token_hash = NULL,
         state = CASE WHEN state = 'provisioning' THEN 'claimed' ELSE state END, state_changed_at = ${NOW}
       WHERE mac = $1 AND conflict_ip IS NOT NULL AND $2 IN (bound_ip, conflict_ip)`,
      mac,
      ip,
    );
    const row = rows[0];
    if (row)
      await recordHistory(
        this.db,
        mac,
        row.state,
        null,
        `address ${ip} confirmed by ${by}; conflict cleared`,
      );
    return row;
  }

  /**
   * The wiped machine booted into the loop from its bound address: the wipe is confirmed by the machine
   * itself, not by the callback alone, and the MAC is back in the unleased pool.
   */
  async confirmWiped(mac: string, ip: string): Promise<HardwareStateRow | undefined> {
    const rows = await updateStateRows(
      this.db,
      `UPDATE hardware SET state = 'unleased', claim_namespace = NULL, claim_name = NULL, attempts = 0,
         state_changed_at = ${NOW}
       WHERE mac = $1 AND state = 'wiped' AND ${fromBoundAddress('$2')}`,
      mac,
      ip,
    );
    const row = rows[0];
    if (row)
      await recordHistory(
        this.db,
        mac,
        'unleased',
        null,
        'the machine booted from its address after its wipe',
      );
    return row;
  }
}
