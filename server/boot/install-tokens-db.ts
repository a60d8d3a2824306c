/**
 * Install and wipe tokens: issued to a MAC's bound address (only the hash is stored), checked for the
 * config request, and consumed by the installer's or wiper's callback in the statement that checks it.
 */
import type { DbClient } from '../db/client';
import type { ProvisionStep } from '../schemas/boot-progress';
import type { HardwareState } from '../schemas/hardware-list';
import type { HardwareStateRow } from './hardware-store';
import { bindIfUnbound, fromBoundAddress, mayIssueToken, type TokenGrant } from './address-binding-db';
import {
  asState,
  NOW,
  recordHistory,
  stateColumns,
  stateRow,
  updateStateRows,
  type StateRowSql,
} from './hardware-sql';

export interface FinishOutcome {
  /** State before and after the callback. */
  from: HardwareState;
  row: HardwareStateRow;
}

export class InstallTokensDb {
  constructor(private readonly db: DbClient) {}

  /**
   * Stores the hash of a fresh install token for a claimed MAC asked for from its bound address, and
   * moves it to provisioning; counts an attempt when the install starts from `claimed`. A live token is
   * replaced only once it is `reissueMs` old (see `mayIssueToken`).
   */
  async issueInstall(
    mac: string,
    claimUid: string,
    tokenHash: string,
    grant: TokenGrant,
  ): Promise<HardwareStateRow | undefined> {
    const rows = await updateStateRows(
      this.db,

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
    if (row)
      await recordHistory(
        this.db,
        mac,
        'provisioning',
        null,
        `install script served (attempt ${row.attempts})`,
        {
          step: 'script-served',
        },
      );
    return row;
  }

  /** As `issueInstall`, for a MAC waiting to be wiped. */
  async issueWipe(mac: string, tokenHash: string, grant: TokenGrant): Promise<boolean> {
    const rows = await updateStateRows(
      this.db,

      `UPDATE hardware SET token_hash = $2, token_issued_at = ${NOW}, ${bindIfUnbound('$3')}
       WHERE mac = $1 AND state = 'wiping' AND ${mayIssueToken('$3', '$4')}`,
      mac,
      tokenHash,
      grant.ip,
      grant.reissueMs,
    );
    if (rows.length > 0)
      await recordHistory(this.db, mac, 'wiping', null, 'wipe script served', { step: 'script-served' });
    return rows.length > 0;
  }

  /** Whether `tokenHash` is the MAC's current token, presented from its bound address (the config request). */
  async matches(mac: string, tokenHash: string, ip: string): Promise<boolean> {
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
   * the loop, see `confirmWiped`); wipe failed → stays wiping (the next boot wipes again). A failure
   * names the step it happened in when the client said (`failedStep`), kept in the history's detail.
   */
  async finish(
    mac: string,
    tokenHash: string,
    ok: boolean,
    message: string | null,
    retries: number,
    ip: string,
    failedStep?: ProvisionStep,
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
    await recordHistory(this.db, mac, outcome.row.state, null, message ?? wiped, {
      step: ok ? 'done' : 'failed',
      detail: failedStep ? { step: failedStep } : {},
    });
    return outcome;
  }
}
