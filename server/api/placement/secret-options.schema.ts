import { z } from 'zod';
import { namespaceNameSchema, objectRefSchema } from '../object-ref';

export const secretOptionsInputSchema = z.object({
  namespace: namespaceNameSchema,
  selector: z.string().max(253),
  secret: objectRefSchema.shape.name.optional(),
});
export type SecretOptionsInput = z.output<typeof secretOptionsInputSchema>;
