import { z } from 'zod';

export const revokeSessionInputSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/, 'not a session id'),
});
export type RevokeSessionInput = z.output<typeof revokeSessionInputSchema>;
