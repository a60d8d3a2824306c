import { z } from 'zod';
import { ROLES } from '../../access/access-rules';
import { parseScope } from '../../access/role-bindings';
import { plainString } from '../../schemas/control-characters';
import { accountIdSchema } from './account-id';

/**
 * A role everywhere, or with `scope` (`team-a|team-b`, or `[tenant=a]` for namespaces whose labels
 * match) only in those namespaces, written as RACKPILOT_OIDC_GROUP_ROLES writes it after `@`.
 */
export const setRoleInputSchema = accountIdSchema.extend({
  role: z.enum(ROLES),
  scope: plainString()
    .max(1000)
    .optional()
    .transform((text, ctx) => {
      if (!text) return { kind: 'all' } as const;
      try {
        return parseScope(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
});
export type SetRoleInput = z.output<typeof setRoleInputSchema>;
