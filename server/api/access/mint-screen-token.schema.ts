import { z } from 'zod';
import { plainString } from '../../schemas/control-characters';

export const mintScreenTokenInputSchema = z.object({
  name: plainString().trim().min(1, 'name the screen').max(80),
});
export type MintScreenTokenInput = z.output<typeof mintScreenTokenInputSchema>;
