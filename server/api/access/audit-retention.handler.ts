import { auditRetentionDays } from '../../access/audit-log';
import type { HandlerOptions } from '../trpc';

export async function auditRetentionHandler({ ctx }: HandlerOptions) {
  return { days: await auditRetentionDays(ctx.runtime.db) };
}
