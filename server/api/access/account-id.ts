import { z } from 'zod';

/** The input of every call on one account or screen token: its id. */
export const accountIdSchema = z.object({ id: z.uuid() });
export type AccountIdInput = z.output<typeof accountIdSchema>;
