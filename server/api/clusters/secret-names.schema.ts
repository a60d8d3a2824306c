import { z } from 'zod';
import { namespaceNameSchema } from '../object-ref';

export const secretNamesInputSchema = z.object({ namespace: namespaceNameSchema });
export type SecretNamesInput = z.output<typeof secretNamesInputSchema>;
