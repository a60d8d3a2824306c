import type { DbClient } from '../db/client';
import { storableValues } from '../db/plain-text';
import { RefusedAuditLimit, type RefusedAuditRates } from './refused-audit-limit';
import { redactSecrets } from './redact-secrets';

/** Who tried what, on which object, with which input, from where. */
export interface AuditIntent {
  actor: string;
  role: string | null;
  action: string;
  target: string | null;
  input: unknown;
  clientIp: string;
}

export interface AuditOutcome {
  /** denied: the caller may not; refused: the change was not made (the API server or a check said no). */
  result: 'ok' | 'refused' | 'error' | 'denied';
  error?: string;
}

export type AuditRecord = AuditIntent & AuditOutcome;

/** The result of a row written before its change ran; it stays so if the change's end was never recorded. */
export const PENDING = 'pending';

export const AUDIT_RETENTION_SETTING = 'audit.retentionDays';
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;

/** Characters kept of each text column, and of the input as JSON; what is cut is marked. */
export const MAX_AUDIT_TEXT = 1024;
export const MAX_AUDIT_INPUT = 8 * 1024;
/**
 * A refused call changed nothing: the start of its input shows what was tried. Kept smaller than a
 * change's so the rows the refused-call limits admit stay small (see docs/decisions.md).
 */
export const MAX_REFUSED_AUDIT_INPUT = 1024;

/**
 * A failed row write is tried again after these pauses, but only while the tries so far took less than
 * RETRY_WINDOW_MS: a brief hiccup is ridden out, a database that hangs is not waited on three times.
 */
const WRITE_PAUSES_MS = [100, 400];
const RETRY_WINDOW_MS = 2_000;

export class AuditUnavailableError extends Error {
  override name = 'AuditUnavailableError';
}

/** The object a mutation acted on, from the usual input shapes ({namespace, name}, {id}, {username}). */
export function auditTarget(input: unknown): string | null {
  if (input === null || typeof input !== 'object') return null;
  const fields = input as Record<string, unknown>;
  const text = (key: string) => (typeof fields[key] === 'string' ? fields[key] : undefined);
  const name = text('name');
  const namespace = text('namespace');
  if (name) return namespace ? `${namespace}/${name}` : name;
  return text('username') ?? text('mac') ?? text('id') ?? null;
}

export function cutText(text: string, max = MAX_AUDIT_TEXT): string {
  return text.length > max ? `${text.slice(0, max)}… [cut: ${text.length} characters]` : text;
}

/** The input with secrets removed, within `max` characters of JSON (else its start, marked as cut). */
export function boundedInput(input: unknown, max = MAX_AUDIT_INPUT): object {
  const redacted = redactSecrets(input ?? {});
  const json = JSON.stringify(redacted);
  if (json.length <= max) {
    return redacted !== null && typeof redacted === 'object' ? redacted : { value: redacted };
  }
  // Stored as a JSON string, the cut text's quotes and backslashes are escaped: cut until that fits too.
  let start = json.slice(0, max);
  for (let excess = JSON.stringify(start).length - max; excess > 0;) {
    start = start.slice(0, start.length - excess);
    excess = JSON.stringify(start).length - max;
  }
  return { cut: `${json.length} characters`, start };
}

function cutOrNull(text: string | null | undefined): string | null {
  return text === null || text === undefined ? null : cutText(text);
}

function outcomeColumns(outcome: AuditOutcome | undefined) {
  return { result: outcome?.result ?? PENDING, error: cutOrNull(outcome?.error) };
}

/** An audit row as stored: every text bounded (anyone can send a long name or a huge input). */
export function auditRow(intent: AuditIntent, outcome: AuditOutcome | undefined) {
  return {
    actor: cutText(intent.actor),
    role: cutOrNull(intent.role),
    action: cutText(intent.action),
    target: cutOrNull(intent.target),
    input: boundedInput(
      intent.input,
      outcome?.result === 'denied' ? MAX_REFUSED_AUDIT_INPUT : MAX_AUDIT_INPUT,
    ),
    ...outcomeColumns(outcome),
    clientIp: cutText(intent.clientIp, 64),
  };
}

/**
 * The audit log. A change is recorded in two steps around it: the intent before (if that cannot be written,
 * the change must not run), the result after. A refused call is one row, within the refused-call limits:
 * per client address for callers without a principal, per principal for the others.
 */
export class AuditLog {
  private readonly anonymous: RefusedAuditLimit;
  private readonly signedIn: RefusedAuditLimit;

  constructor(
    private readonly db: DbClient,
    private readonly log: (line: string) => void,
    rates: RefusedAuditRates,
  ) {
    this.anonymous = new RefusedAuditLimit(
      rates.anonymous,
      { calls: 'anonymous calls', callers: 'addresses' },
      log,
    );
    this.signedIn = new RefusedAuditLimit(
      rates.signedIn,
      { calls: 'calls of signed-in users', callers: 'principals' },
      log,
    );
  }

  /** Writes the intent of a change; throws AuditUnavailableError when it cannot, and then nothing may change. */
  async begin(intent: AuditIntent): Promise<bigint> {
    const data = auditRow(intent, undefined);
    // Written out, as `finish` is: every change writes both, and Prisma would compile each query anew.
    const row = storableValues(data);
    try {
      const { rows } = await retried(() =>
        this.db.$sqlRows<{ id: string }>(
          `INSERT INTO audit_entries (actor, role, action, target, input, result, error, client_ip)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)
           RETURNING id`,
          [
            row.actor,
            row.role,
            row.action,
            row.target,
            JSON.stringify(row.input),
            row.result,
            row.error,
            row.clientIp,
          ],
        ),
      );
      const [inserted] = rows;
      if (!inserted) throw new Error('the audit row was not returned');
      // pg hands a bigint column over as text.
      return BigInt(inserted.id);
    } catch (error) {
      this.log(`audit intent not written, change refused (${messageOf(error)}): ${JSON.stringify(data)}`);
      throw new AuditUnavailableError('the audit log cannot be written', { cause: error });
    }
  }

  /** Completes the row `begin` wrote. A failure leaves it pending and puts the outcome in the server log. */
  async finish(id: bigint, outcome: AuditOutcome): Promise<void> {
    const data = outcomeColumns(outcome);
    const { result, error: message } = storableValues(data);
    try {
      const { rowCount } = await retried(() =>
        this.db.$sqlRows('UPDATE audit_entries SET result = $1, error = $2 WHERE id = $3', [
          result,
          message,
          id.toString(),
        ]),
      );
      if (rowCount === 0) throw new Error('no such entry');
    } catch (error) {
      this.log(`audit result of entry ${id} not written (${messageOf(error)}): ${JSON.stringify(data)}`);
    }
  }

  /**
   * One row for something already decided (sign-in, refused calls). A refusal ('denied') is written only
   * within the refused-call limit of its caller: `principal` (a signed-in user or screen) when given, else
   * the client address. A failed write is reported on the log with the entry.
   */
  async record(record: AuditRecord, principal?: string): Promise<void> {
    if (record.result === 'denied') {
      const admitted =
        principal === undefined ? this.anonymous.admit(record.clientIp) : this.signedIn.admit(principal);
      if (!admitted) return;
    }
    const data = auditRow(record, record);
    try {
      await retried(() => this.db.auditEntry.create({ data }));
    } catch (error) {
      this.log(`audit write failed (${messageOf(error)}); entry: ${JSON.stringify(data)}`);
    }
  }

  /** Refused-call rows not written since the process started, by kind of caller (for the metrics). */
  dropped(): ReadonlyMap<string, number> {
    return new Map([
      ['anonymous', this.anonymous.droppedTotal],
      ['signed-in', this.signedIn.droppedTotal],
    ]);
  }

  /** Logs the count of refused-call rows not written since the last summary (at shutdown). */
  flush(): void {
    this.anonymous.flushSummary();
    this.signedIn.flushSummary();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? (error.message.trim().split('\n').at(-1) ?? error.message) : String(error);
}

async function retried<T>(write: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (const pause of WRITE_PAUSES_MS) {
    try {
      return await write();
    } catch (error) {
      if (Date.now() - started > RETRY_WINDOW_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
  return write();
}

export async function auditRetentionDays(db: DbClient): Promise<number> {
  const setting = await db.setting.findUnique({ where: { key: AUDIT_RETENTION_SETTING } });
  return typeof setting?.value === 'number' ? setting.value : DEFAULT_AUDIT_RETENTION_DAYS;
}

/** Deletes entries older than the retention setting; returns how many went. */
export async function pruneAudit(db: DbClient, now: Date = new Date()): Promise<number> {
  const days = await auditRetentionDays(db);
  const { count } = await db.auditEntry.deleteMany({
    where: { at: { lt: new Date(now.getTime() - days * 24 * 60 * 60 * 1000) } },
  });
  return count;
}
