import { z } from 'zod';
import type { DbClient } from '../../db/client';

export const AUDIT_PAGE_SIZE = 50;
/** Entry ids are PostgreSQL bigints: a larger cursor would fail in the database, not at the edge. */
const MAX_ENTRY_ID = 2n ** 63n - 1n;

export const auditQuerySchema = z.object({
  actor: z.string().trim().max(100).optional(),
  action: z.string().trim().max(100).optional(),
  result: z.enum(['ok', 'refused', 'error', 'denied', 'pending']).optional(),
  /** Entries before this id (the last one of the previous page): stable paging while new entries arrive. */
  before: z
    .string()
    // Aborts on a non-number so the range check below never parses one.
    .regex(/^\d{1,19}$/, { message: 'before must be an audit entry id (digits only)', abort: true })
    .refine((id) => BigInt(id) <= MAX_ENTRY_ID, `before must be an audit entry id, at most ${MAX_ENTRY_ID}`)
    .optional(),
});

export type AuditQuery = z.infer<typeof auditQuerySchema>;

export interface AuditRow {
  id: string;
  at: string;
  actor: string;
  role: string | null;
  action: string;
  target: string | null;
  input: unknown;
  result: string;
  error: string | null;
  clientIp: string;
}

/**
 * The rows about objects of `namespaces` (their target is `namespace/name`: every namespaced object's
 * row, a bulk job's turns included); no filter when undefined (a caller of every namespace).
 */
export function auditScopeWhere(namespaces: readonly string[] | undefined) {
  return namespaces === undefined
    ? {}
    : { OR: namespaces.map((namespace) => ({ target: { startsWith: `${namespace}/` } })) };
}

/**
 * One page of the audit log, newest first. `namespaces`: those of a caller bound to some, who sees the
 * rows about their objects only; undefined for a caller of every namespace.
 */
export async function auditPage(
  db: DbClient,
  query: AuditQuery,
  namespaces?: readonly string[],
): Promise<{ rows: AuditRow[]; more: boolean }> {
  if (namespaces?.length === 0) return { rows: [], more: false };
  const rows = await db.auditEntry.findMany({
    where: {
      ...auditScopeWhere(namespaces),
      ...(query.actor ? { actor: { contains: query.actor, mode: 'insensitive' as const } } : {}),
      ...(query.action ? { action: { contains: query.action, mode: 'insensitive' as const } } : {}),
      ...(query.result ? { result: query.result } : {}),
      ...(query.before ? { id: { lt: BigInt(query.before) } } : {}),
    },
    orderBy: { id: 'desc' },
    take: AUDIT_PAGE_SIZE + 1,
  });
  return {
    rows: rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
      ...row,
      id: row.id.toString(),
      at: row.at.toISOString(),
    })),
    more: rows.length > AUDIT_PAGE_SIZE,
  };
}
