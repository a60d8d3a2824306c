/**
 * A machine's hold on a MAC: the claim (one conditional UPDATE, so two machines never both win), its
 * release, the operator's retry and the install deadline. Each change leaves a history row.
 */
import type { DbClient } from '../db/client';
import type { ProvisionStep } from '../schemas/boot-progress';
import type { HardwareStateRow, MachineClaim } from './hardware-store';
import {
  fromMs,
  NOW,
  recordHistory,
  STATE_COLUMNS,
  stateRow,
  updateStateRows,
  type StateRowSql,
} from './hardware-sql';

export class ClaimsDb {
  constructor(private readonly db: DbClient) {}

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
        ? await updateStateRows(
            this.db,

            `UPDATE hardware ${set} WHERE mac = $4 AND state = 'unleased' AND claim_uid IS NULL`,
            machine.uid,
            machine.namespace,
            machine.name,
            wanted.mac,
          )
        : await updateStateRows(
            this.db,

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
    if (row) await recordHistory(this.db, row.mac, 'claimed', `${machine.namespace}/${machine.name}`, null);
    return row;
  }

  /**
   * A deleted machine lets go of its MAC: a MAC it never booted into the installer is simply unleased;
   * otherwise it is marked for wiping (the former holder's name stays for the list).
   */
  async release(uid: string): Promise<HardwareStateRow | undefined> {
    const rows = await updateStateRows(
      this.db,

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
    if (row) await recordHistory(this.db, row.mac, row.state, null, 'released');
    return row;
  }

  /** The operator's retry of a failed install: the next boot installs again. */
  async retry(uid: string): Promise<HardwareStateRow | undefined> {
    const rows = await updateStateRows(
      this.db,

      `UPDATE hardware SET state = 'claimed', attempts = 0, token_hash = NULL, failure_reason = NULL,
         failure_message = NULL, state_changed_at = ${NOW}
       WHERE claim_uid = $1 AND state = 'failed'`,
      uid,
    );
    const row = rows[0];
    if (row) await recordHistory(this.db, row.mac, 'claimed', null, 'retry');
    return row;
  }

  /**
   * An install that never called back within the deadline fails (the host vanished or hung); the
   * last step it reported leads the message, as a reported failure's step does.
   */
  async expireInstall(
    uid: string,
    issuedBeforeMs: number,
    reason: string,
    lastStep?: ProvisionStep,
  ): Promise<HardwareStateRow | undefined> {
    const message = lastStep ? `${lastStep}: ${reason}` : reason;
    const rows = await updateStateRows(
      this.db,

      `UPDATE hardware SET state = 'failed', token_hash = NULL, failure_reason = 'InstallTimeout',
         failure_message = $3, state_changed_at = ${NOW}
       WHERE claim_uid = $1 AND state = 'provisioning' AND token_issued_at < ${fromMs('$2')}`,
      uid,
      issuedBeforeMs,
      message,
    );
    const row = rows[0];
    if (row)
      await recordHistory(this.db, row.mac, 'failed', null, message, {
        step: 'failed',
        detail: lastStep ? { step: lastStep } : {},
      });
    return row;
  }
}
