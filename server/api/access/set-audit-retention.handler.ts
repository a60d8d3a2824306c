import { AUDIT_RETENTION_SETTING } from '../../access/audit-log';
import type { HandlerOptions } from '../trpc';
import type { SetAuditRetentionInput } from './set-audit-retention.schema';

export async function setAuditRetentionHandler({ ctx, input }: HandlerOptions<SetAuditRetentionInput>) {
  await ctx.runtime.db.setting.upsert({
    where: { key: AUDIT_RETENTION_SETTING },
    create: { key: AUDIT_RETENTION_SETTING, value: input.days },
    update: { value: input.days },
  });
}
