import { z } from 'zod';

/** The input of the procedures that name one job: get's, cancel's and progress's. */
export const bulkJobIdSchema = z.object({ id: z.uuid('a bulk job id is a UUID') });
export type BulkJobId = z.output<typeof bulkJobIdSchema>;
