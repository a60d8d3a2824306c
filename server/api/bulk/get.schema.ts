import { z } from 'zod';
import { OUTCOMES } from './bulk-plan';
import { bulkJobIdSchema } from './job-id';

export const RESULT_PAGE_SIZES = [50, 100, 250] as const;

/** One job and one page of its hosts' outcomes, optionally of one outcome. */
export const getInputSchema = bulkJobIdSchema.extend({
  outcome: z.enum(OUTCOMES).optional(),
  page: z.int().min(1).max(1000).default(1),
  pageSize: z.literal(RESULT_PAGE_SIZES, { error: 'pageSize must be 50, 100 or 250' }).default(50),
});
export type GetInput = z.output<typeof getInputSchema>;
