import { z } from 'zod';

export const setAuditRetentionInputSchema = z.object({
  days: z.number().int().min(7, 'keep at least 7 days').max(3650),
});
export type SetAuditRetentionInput = z.output<typeof setAuditRetentionInputSchema>;
