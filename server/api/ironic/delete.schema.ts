import { z } from 'zod';
import { objectRefSchema } from '../object-ref';

export const deleteInputSchema = objectRefSchema.extend({
  /** Also remove the Ironic's IronicDatabase and TLS Secret, each only when nothing else uses it. */
  alsoRemove: z.boolean().default(false),
});
export type DeleteInput = z.output<typeof deleteInputSchema>;
