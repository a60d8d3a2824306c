import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { plainString } from '../../schemas/control-characters';
import { AccountError, AccountThrottledError } from '../../access/accounts';
import { ROLES } from '../../access/access-rules';
import { auditRetentionDays, AUDIT_RETENTION_SETTING } from '../../access/audit-log';
import { MIN_PASSWORD_LENGTH } from '../../access/passwords';
import { adminProcedure, operatorProcedure, router, viewerProcedure, wallProcedure } from '../trpc';
import { auditPage, auditQuerySchema } from './audit-query';

const usernameSchema = plainString()
  .trim()
  .regex(/^[a-z0-9][a-z0-9._-]{1,62}$/, 'use 2–63 lowercase letters, digits, dot, dash or underscore');
const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `use at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024);
const idSchema = z.object({ id: z.uuid() });

/** Account rules broken by the caller become a 400 with the rule, not a 500. */
async function asBadRequest<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AccountThrottledError) {
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: error.message });
    }
    if (error instanceof AccountError) throw new TRPCError({ code: 'BAD_REQUEST', message: error.message });
    throw error;
  }
}

export const accessRouter = router({
  me: wallProcedure.query(({ ctx }) => {
    const principal = ctx.principal;
    if (principal?.kind === 'user')
      return { kind: 'user' as const, username: principal.username, role: principal.role };
    return { kind: 'screen' as const, name: principal?.kind === 'screen' ? principal.name : '' };
  }),

  changePassword: viewerProcedure
    .meta({ auditTarget: (_input, actor) => actor })
    .input(z.object({ currentPassword: z.string().min(1).max(1024), newPassword: passwordSchema }))
    .mutation(({ ctx, input }) => {
      const principal = ctx.principal;
      if (principal?.kind !== 'user') throw new TRPCError({ code: 'FORBIDDEN' });
      return asBadRequest(() =>
        ctx.runtime.access.accounts.changePassword(
          principal.userId,
          input.currentPassword,
          input.newPassword,
          principal.sessionId,
          ctx.clientIp,
        ),
      );
    }),

  users: adminProcedure.query(({ ctx }) => ctx.runtime.access.accounts.list()),

  /** Our CRDs this server found installed by someone else (or newer than ours) and left alone. */
  crdsLeftAlone: adminProcedure.query(({ ctx }) => ctx.runtime.crdsLeftAlone),

  createUser: adminProcedure
    .input(z.object({ username: usernameSchema, role: z.enum(ROLES) }))
    .mutation(({ ctx, input }) =>
      asBadRequest(async () => {
        const { user, password } = await ctx.runtime.access.accounts.create(input.username, input.role);
        return { user, password };
      }),
    ),

  setRole: adminProcedure
    .input(idSchema.extend({ role: z.enum(ROLES) }))
    .mutation(({ ctx, input }) =>
      asBadRequest(() => ctx.runtime.access.accounts.setRole(input.id, input.role)),
    ),

  resetPassword: adminProcedure
    .input(idSchema)
    .mutation(({ ctx, input }) =>
      asBadRequest(async () => ({ password: await ctx.runtime.access.accounts.resetPassword(input.id) })),
    ),

  removeUser: adminProcedure.input(idSchema).mutation(({ ctx, input }) => {
    if (ctx.principal?.kind === 'user' && ctx.principal.userId === input.id) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'you cannot remove your own account' });
    }
    return asBadRequest(() => ctx.runtime.access.accounts.remove(input.id));
  }),

  /** Live sessions; `current` marks the caller's own. */
  sessions: adminProcedure.query(async ({ ctx }) => {
    const own = ctx.principal?.kind === 'user' ? ctx.principal.sessionId : undefined;
    return (await ctx.runtime.access.sessions.listLive()).map((session) => ({
      ...session,
      current: session.id === own,
    }));
  }),

  revokeSession: adminProcedure
    .input(z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'not a session id') }))
    .mutation(({ ctx, input }) => ctx.runtime.access.sessions.revoke(input.id)),

  screenTokens: adminProcedure.query(({ ctx }) => ctx.runtime.access.screens.list()),

  mintScreenToken: adminProcedure
    .input(z.object({ name: plainString().trim().min(1, 'name the screen').max(80) }))
    .mutation(async ({ ctx, input }) => {
      const creator = ctx.principal?.kind === 'user' ? ctx.principal.username : 'unknown';
      return ctx.runtime.access.screens.mint(input.name, creator);
    }),

  revokeScreenToken: adminProcedure.input(idSchema).mutation(async ({ ctx, input }) => {
    if (!(await ctx.runtime.access.screens.revoke(input.id))) {
      throw new TRPCError({ code: 'NOT_FOUND', message: 'no such active screen token' });
    }
  }),

  audit: operatorProcedure
    .input(auditQuerySchema)
    .query(({ ctx, input }) => auditPage(ctx.runtime.db, input)),

  auditRetention: operatorProcedure.query(async ({ ctx }) => ({
    days: await auditRetentionDays(ctx.runtime.db),
  })),

  setAuditRetention: adminProcedure
    .meta({ auditTarget: () => 'setting audit.retentionDays' })
    .input(z.object({ days: z.number().int().min(7, 'keep at least 7 days').max(3650) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.runtime.db.setting.upsert({
        where: { key: AUDIT_RETENTION_SETTING },
        create: { key: AUDIT_RETENTION_SETTING, value: input.days },
        update: { value: input.days },
      });
    }),
});
