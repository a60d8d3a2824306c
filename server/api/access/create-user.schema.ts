import { z } from 'zod';
import { ROLES } from '../../access/access-rules';
import { plainString } from '../../schemas/control-characters';

const usernameSchema = plainString()
  .trim()
  .regex(/^[a-z0-9][a-z0-9._-]{1,62}$/, 'use 2–63 lowercase letters, digits, dot, dash or underscore');

export const createUserInputSchema = z.object({ username: usernameSchema, role: z.enum(ROLES) });
export type CreateUserInput = z.output<typeof createUserInputSchema>;
