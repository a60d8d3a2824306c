import { z } from 'zod';
import { namespaceNameSchema, objectRefSchema } from '../object-ref';

export const namespaceOptionsInputSchema = z.object({
  namespace: namespaceNameSchema,
  secret: objectRefSchema.shape.name.optional(),
});
export type NamespaceOptionsInput = z.output<typeof namespaceOptionsInputSchema>;
