import { z } from 'zod';
import type { DbClient } from '../../db/client';

export const AUDIT_PAGE_SIZE = 50;

export const auditQuerySchema = z.object({
  actor: z.string().trim().max(100).optional(),
  action: z.string().trim().max(100).optional(),
  result: z.enum(['ok', 'error', 'denied', 'pending']).optional(),
  /** Entries before this id (the last one of the previous page): stable paging while new entries arrive. */
  before: z
    .string()
    .regex(/^\d{1,19}$/)
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

export async function auditPage(
  db: DbClient,
  query: AuditQuery,
): Promise<{ rows: AuditRow[]; more: boolean }> {
  const rows = await db.auditEntry.findMany({
    where: {
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
