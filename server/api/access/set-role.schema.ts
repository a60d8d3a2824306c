import { z } from 'zod';
import { ROLES } from '../../access/access-rules';
import { accountIdSchema } from './account-id';

export const setRoleInputSchema = accountIdSchema.extend({ role: z.enum(ROLES) });
export type SetRoleInput = z.output<typeof setRoleInputSchema>;
