import { z } from 'zod';
import { objectRefSchema } from '../object-ref';

export const acknowledgeInputSchema = objectRefSchema.extend({
  /** The inspection record whose loss is acknowledged: the host's newest. */
  id: z.string().regex(/^[0-9]{1,19}$/, 'id must be an inspection record number'),
});
export type AcknowledgeInput = z.output<typeof acknowledgeInputSchema>;
