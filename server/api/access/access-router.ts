import { adminProcedure, operatorProcedure, router, viewerProcedure, wallProcedure } from '../trpc';
import { accountIdSchema } from './account-id';
import { auditHandler } from './audit.handler';
import { auditQuerySchema } from './audit-query';
import { auditRetentionHandler } from './audit-retention.handler';
import { changePasswordHandler } from './change-password.handler';
import { changePasswordInputSchema } from './change-password.schema';
import { crdsLeftAloneHandler } from './crds-left-alone.handler';
import { createUserHandler } from './create-user.handler';
import { createUserInputSchema } from './create-user.schema';
import { meHandler } from './me.handler';
import { mintScreenTokenHandler } from './mint-screen-token.handler';
import { mintScreenTokenInputSchema } from './mint-screen-token.schema';
import { removeUserHandler } from './remove-user.handler';
import { resetPasswordHandler } from './reset-password.handler';
import { revokeScreenTokenHandler } from './revoke-screen-token.handler';
import { revokeSessionHandler } from './revoke-session.handler';
import { revokeSessionInputSchema } from './revoke-session.schema';
import { screenTokensHandler } from './screen-tokens.handler';
import { sessionsHandler } from './sessions.handler';
import { setAuditRetentionHandler } from './set-audit-retention.handler';
import { setAuditRetentionInputSchema } from './set-audit-retention.schema';
import { setRoleHandler } from './set-role.handler';
import { setRoleInputSchema } from './set-role.schema';
import { usersHandler } from './users.handler';

export const accessRouter = router({
  me: wallProcedure.meta({ namespaced: 'none' }).query(meHandler),
  changePassword: viewerProcedure
    .meta({ namespaced: 'none', auditTarget: (_input, actor) => actor })
    .input(changePasswordInputSchema)
    .mutation(changePasswordHandler),
  users: adminProcedure.query(usersHandler),
  crdsLeftAlone: adminProcedure.query(crdsLeftAloneHandler),
  createUser: adminProcedure.input(createUserInputSchema).mutation(createUserHandler),
  setRole: adminProcedure.input(setRoleInputSchema).mutation(setRoleHandler),
  resetPassword: adminProcedure.input(accountIdSchema).mutation(resetPasswordHandler),
  removeUser: adminProcedure.input(accountIdSchema).mutation(removeUserHandler),
  sessions: adminProcedure.query(sessionsHandler),
  revokeSession: adminProcedure.input(revokeSessionInputSchema).mutation(revokeSessionHandler),
  screenTokens: adminProcedure.query(screenTokensHandler),
  mintScreenToken: adminProcedure.input(mintScreenTokenInputSchema).mutation(mintScreenTokenHandler),
  revokeScreenToken: adminProcedure.input(accountIdSchema).mutation(revokeScreenTokenHandler),
  audit: operatorProcedure.meta({ namespaced: 'filtered' }).input(auditQuerySchema).query(auditHandler),
  // The site's retention setting, a number that names no namespace's objects.
  auditRetention: operatorProcedure.meta({ namespaced: 'none' }).query(auditRetentionHandler),
  setAuditRetention: adminProcedure
    .meta({ auditTarget: () => 'setting audit.retentionDays' })
    .input(setAuditRetentionInputSchema)
    .mutation(setAuditRetentionHandler),
});
