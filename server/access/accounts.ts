import type { DbClient } from '../db/client';
import { Prisma } from '../db/generated/client';
import type { Role } from './access-rules';
import { bindingsToStore, bindingText, storedBindings, type BindingScope } from './role-bindings';
import { generatePassword, hashPassword, verifyPassword } from './passwords';
import type { SessionStore } from './sessions';
import type { SigninThrottle } from './signin-throttle';

/**
 * The actor recorded for a failed sign-in whose username names no account. Not a name an account can
 * have (see the username rule), and it keeps nothing of what was typed: often a password in the wrong box.
 */
export const UNKNOWN_USERNAME = '(unknown user)';

/** Refused by the sign-in limits (too many failed checks from the address or for the name), whatever the password. */
interface Throttled {
  reason: 'throttled';
  scope: 'address' | 'account';
  retryAfterSeconds: number;
}

/**
 * A refused sign-in. `account` is the name of the account the submitted username names, null when it
 * names none (or, refused for the address alone, it was not looked up): what was typed into the username
 * box may be a password, so only a real account's name is ever recorded. Never part of the answer.
 */
type Refused = ({ reason: 'invalid' } | Throttled) & { ok: false; account: string | null };

export type SignInResult = { ok: true; userId: string; username: string; role: Role } | Refused;

export class AccountError extends Error {
  override name = 'AccountError';
}

/** A password change refused by the sign-in limits (a 429 to the caller). */
export class AccountThrottledError extends AccountError {
  override name = 'AccountThrottledError';
  constructor(readonly retryAfterSeconds: number) {
    super(`too many wrong passwords; try again in ${retryAfterSeconds} s`);
  }
}

// Verifying against a real hash when the user does not exist keeps the answer time the same, so timing
// does not tell which usernames exist.
const decoyHash = hashPassword(generatePassword());

/** Dates as ISO strings: what the browser receives over JSON. */
export interface UserView {
  id: string;
  username: string;
  role: Role;
  createdAt: string;
  /** Until when sign-ins from addresses the user has not signed in from before are refused, after failures. */
  signInDelayedUntil: string | null;
  passwordChangedAt: string;
  /**
   * The issuer of the identity provider the user signs in through, null for a password account. Such a
   * user has no password to reset, and their role is set again from their groups at each sign-in.
   */
  identityProvider: string | null;
  /** The role bindings as configured (`operator@team-a`), or null when `role` holds everywhere. */
  bindings: string[] | null;
}

function userView(
  user: {
    id: string;
    username: string;
    role: Role;
    createdAt: Date;
    passwordChangedAt: Date;
    oidcIssuer: string | null;
    bindings: unknown;
  },
  delayedUntil: Date | undefined,
): UserView {
  const { oidcIssuer, bindings, ...rest } = user;
  return {
    ...rest,
    identityProvider: oidcIssuer,
    bindings: bindings === null ? null : storedBindings(user.role, bindings).map(bindingText),
    createdAt: user.createdAt.toISOString(),
    signInDelayedUntil: delayedUntil?.toISOString() ?? null,
    passwordChangedAt: user.passwordChangedAt.toISOString(),
  };
}

const userViewSelect = {
  id: true,
  username: true,
  role: true,
  createdAt: true,
  passwordChangedAt: true,
  oidcIssuer: true,
  bindings: true,
} as const;

/** Users, their passwords and roles. Every change that should end a user's sessions ends them here. */
export class Accounts {
  constructor(
    private readonly db: DbClient,
    private readonly sessions: SessionStore,
    private readonly throttle: SigninThrottle,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Checks a sign-in from `address`. Unknown user, wrong password and a delayed username all cost one
   * password hash, so the time taken does not tell them apart; only a refusal for the address alone,
   * which does not depend on the username, is answered without one.
   */
  async signIn(username: string, password: string, address: string): Promise<SignInResult> {
    const gate = await this.throttle.reserve(username, address, { knownAddressSkipsDelay: true });
    if (!gate.ok && gate.scope === 'address') return { ...gate, reason: 'throttled', account: null };
    const user = await this.db.user.findUnique({ where: { username } });
    // An account of the OpenID provider has no password: checked against the decoy, it never matches.
    const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash), password);
    const account = user?.username ?? null;
    if (!gate.ok) return { ...gate, reason: 'throttled', account };
    if (!user?.passwordHash || !valid) return { ok: false, reason: 'invalid', account };
    await this.throttle.succeeded(gate.reservation, user.id);
    return { ok: true, userId: user.id, username: user.username, role: user.role };
  }

  async list(): Promise<UserView[]> {
    const users = await this.db.user.findMany({ select: userViewSelect, orderBy: { username: 'asc' } });
    const delayed = await this.throttle.delayedUntil(
      users.map((user) => user.username),
      this.now(),
    );
    return users.map((user) => userView(user, delayed.get(user.username)));
  }

  /** Creates a user; without a password one is generated and returned (shown once to the admin). */
  async create(
    username: string,
    role: Role,
    password?: string,
  ): Promise<{ user: UserView; password: string }> {
    const chosen = password ?? generatePassword();
    const existing = await this.db.user.findUnique({ where: { username }, select: { id: true } });
    if (existing) throw new AccountError(`a user named ${username} already exists`);
    const user = await this.db.user.create({
      data: { username, role, passwordHash: await hashPassword(chosen) },
      select: userViewSelect,
    });
    return { user: userView(user, undefined), password: chosen };
  }

  /** Sets the one role binding of a password account: `role` everywhere, or in `scope`'s namespaces. */
  async setRole(userId: string, role: Role, scope: BindingScope = { kind: 'all' }): Promise<void> {
    const stored = bindingsToStore([{ role, scope }]);
    await this.db.$transaction(async (tx) => {
      const user = await tx.user.findUnique({ where: { id: userId } });
      if (!user) throw new AccountError('no such user');
      const globalAdmin = role === 'admin' && scope.kind === 'all';
      if (user.role === 'admin' && user.bindings === null && !globalAdmin) {
        await this.assertAnotherAdmin(tx, userId);
      }
      await tx.user.update({
        where: { id: userId },
        data: { role: stored.role, bindings: stored.bindings ?? Prisma.DbNull },
      });
    });
    // Open sockets carry the role they were opened with; closing them makes the browser reconnect with the new one.
    await this.sessions.revokeSockets(userId);
  }

  async remove(userId: string): Promise<void> {
    await this.sessions.revokeForUser(userId);
    await this.db.$transaction(async (tx) => {
      const user = await tx.user.findUnique({ where: { id: userId } });
      if (!user) throw new AccountError('no such user');
      if (user.role === 'admin') await this.assertAnotherAdmin(tx, userId);
      await tx.user.delete({ where: { id: userId } });
    });
  }

  /**
   * Sets a new generated password (an admin's reset) and ends the user's sessions. Refused for a user of
   * the identity provider: a password would be a second way in that the provider cannot revoke.
   */
  async resetPassword(userId: string): Promise<string> {
    const user = await this.db.user.findUnique({ where: { id: userId }, select: { oidcIssuer: true } });
    if (!user) throw new AccountError('no such user');
    if (user.oidcIssuer !== null) {
      throw new AccountError(
        'this account signs in through the identity provider; it has no password to reset',
      );
    }
    const password = generatePassword();
    await this.setPassword(userId, password);
    await this.sessions.revokeForUser(userId);
    return password;
  }

  /**
   * The user's own change: needs the current password, checked under the sign-in limits for the user and
   * the caller's address (a stolen session must not be a way to guess it); other sessions of the user end.
   */
  async changePassword(
    userId: string,
    current: string,
    next: string,
    keepSessionId: string,
    address: string,
  ): Promise<void> {
    const user = await this.db.user.findUnique({ where: { id: userId } });
    if (!user) throw new AccountError('the current password is wrong');
    if (!user.passwordHash) throw new AccountError('this account signs in through the identity provider');
    const gate = await this.throttle.reserve(user.username, address, { knownAddressSkipsDelay: false });
    if (!gate.ok) throw new AccountThrottledError(gate.retryAfterSeconds);
    if (!(await verifyPassword(user.passwordHash, current))) {
      throw new AccountError('the current password is wrong');
    }
    await this.throttle.succeeded(gate.reservation);
    if (current === next) throw new AccountError('the new password must differ from the current one');
    await this.setPassword(userId, next);
    await this.sessions.revokeForUser(userId, keepSessionId);
  }

  /**
   * Creates the first admin when there are no users. A generated password is handed to `keep` before
   * the account exists, so a password that could not be kept leaves no account nobody can sign in to;
   * `keptAt` is where `keep` said it put it.
   */
  async ensureFirstAdmin(
    password: string | undefined,
    keep: (generated: string) => Promise<string>,
  ): Promise<{ created: boolean; keptAt?: string }> {
    if ((await this.db.user.count()) > 0) return { created: false };
    const chosen = password ?? generatePassword();
    const keptAt = password ? undefined : await keep(chosen);
    await this.create('admin', 'admin', chosen);
    return { created: true, keptAt };
  }

  private async setPassword(userId: string, password: string): Promise<void> {
    const user = await this.db.user.update({
      where: { id: userId },
      data: { passwordHash: await hashPassword(password), passwordChangedAt: this.now() },
      select: { username: true },
    });
    // Failures against the old password say nothing about the new one.
    await this.throttle.clear(user.username);
  }

  private async assertAnotherAdmin(tx: Pick<DbClient, 'user'>, userId: string): Promise<void> {
    // Only an admin in every namespace can manage access: one limited to namespaces does not count.
    const admins = await tx.user.count({
      where: { role: 'admin', bindings: { equals: Prisma.DbNull }, id: { not: userId } },
    });
    if (admins === 0) throw new AccountError('the last admin cannot be removed or demoted');
  }
}
