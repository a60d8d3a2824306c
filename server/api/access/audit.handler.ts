import type { HandlerOptions } from '../trpc';
import { auditPage, type AuditQuery } from './audit-query';

export function auditHandler({ ctx, input }: HandlerOptions<AuditQuery>) {
  return auditPage(ctx.runtime.db, input);
}
