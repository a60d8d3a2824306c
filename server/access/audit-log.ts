import type { DbClient } from '../db/client';
import { redactSecrets } from './redact-secrets';

export interface AuditRecord {
  actor: string;
  role: string | null;
  action: string;
  target: string | null;
  input: unknown;
  result: 'ok' | 'error' | 'denied';
  error?: string;
  clientIp: string;
}

export const AUDIT_RETENTION_SETTING = 'audit.retentionDays';
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;

/** The object a mutation acted on, from the usual input shapes ({namespace, name}, {id}, {username}). */
export function auditTarget(input: unknown): string | null {
  if (input === null || typeof input !== 'object') return null;
  const fields = input as Record<string, unknown>;
  const text = (key: string) => (typeof fields[key] === 'string' ? fields[key] : undefined);
  const name = text('name');
  const namespace = text('namespace');
  if (name) return namespace ? `${namespace}/${name}` : name;
  return text('username') ?? text('id') ?? null;
}

/**
 * Writes one audit entry with secrets removed. A failed write is reported on the log with the entry itself,
 * so the record survives a database outage in the server's output rather than being lost silently.
 */
export async function recordAudit(
  db: DbClient,
  record: AuditRecord,
  log: (line: string) => void,
): Promise<void> {
  const entry = {
    actor: record.actor,
    role: record.role,
    action: record.action,
    target: record.target,
    input: redactSecrets(record.input ?? {}) as object,
    result: record.result,
    error: record.error?.slice(0, 1000) ?? null,
    clientIp: record.clientIp,
  };
  try {
    await db.auditEntry.create({ data: entry });
  } catch (error) {
    log(
      `audit write failed (${error instanceof Error ? error.message : String(error)}); entry: ${JSON.stringify(entry)}`,
    );
  }
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
