import type { DbClient } from '../db/client';
import type { Role } from './access-rules';
import { afterFailure, isLocked } from './login-lockout';
import { generatePassword, hashPassword, verifyPassword } from './passwords';
import type { SessionStore } from './sessions';

export type SignInResult =
  { ok: true; userId: string; username: string; role: Role } | { ok: false; reason: 'invalid' | 'locked' };

export class AccountError extends Error {
  override name = 'AccountError';
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
  lockedUntil: string | null;
  passwordChangedAt: string;
}

function userView(user: {
  id: string;
  username: string;
  role: Role;
  createdAt: Date;
  lockedUntil: Date | null;
  passwordChangedAt: Date;
}): UserView {
  return {
    ...user,
    createdAt: user.createdAt.toISOString(),
    lockedUntil: user.lockedUntil?.toISOString() ?? null,
    passwordChangedAt: user.passwordChangedAt.toISOString(),
  };
}

const userViewSelect = {
  id: true,
  username: true,
  role: true,
  createdAt: true,
  lockedUntil: true,
  passwordChangedAt: true,
} as const;

/** Users, their passwords and roles. Every change that should end a user's sessions ends them here. */
export class Accounts {
  constructor(
    private readonly db: DbClient,
    private readonly sessions: SessionStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async checkPassword(username: string, password: string): Promise<SignInResult> {
    const user = await this.db.user.findUnique({ where: { username } });
    if (!user) {
      await verifyPassword(await decoyHash, password);
      return { ok: false, reason: 'invalid' };
    }
    const now = this.now();
    if (isLocked(user, now)) return { ok: false, reason: 'locked' };
    if (!(await verifyPassword(user.passwordHash, password))) {
      const next = afterFailure(user, now);
      await this.db.user.update({ where: { id: user.id }, data: next });
      return { ok: false, reason: isLocked(next, now) ? 'locked' : 'invalid' };
    }
    if (user.failedLogins > 0 || user.lockedUntil) {
      await this.db.user.update({ where: { id: user.id }, data: { failedLogins: 0, lockedUntil: null } });
    }
    return { ok: true, userId: user.id, username: user.username, role: user.role };
  }

  async list(): Promise<UserView[]> {
    const users = await this.db.user.findMany({ select: userViewSelect, orderBy: { username: 'asc' } });
    return users.map(userView);
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
    return { user: userView(user), password: chosen };
  }

  async setRole(userId: string, role: Role): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const user = await tx.user.findUnique({ where: { id: userId } });
      if (!user) throw new AccountError('no such user');
      if (user.role === 'admin' && role !== 'admin') await this.assertAnotherAdmin(tx, userId);
      await tx.user.update({ where: { id: userId }, data: { role } });
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

  /** Sets a new generated password (an admin's reset) and ends the user's sessions. */
  async resetPassword(userId: string): Promise<string> {
    const password = generatePassword();
    await this.setPassword(userId, password);
    await this.sessions.revokeForUser(userId);
    return password;
  }

  /** The user's own change: needs the current password; other sessions of the user end. */
  async changePassword(userId: string, current: string, next: string, keepSessionId: string): Promise<void> {
    const user = await this.db.user.findUnique({ where: { id: userId } });
    if (!user || !(await verifyPassword(user.passwordHash, current))) {
      throw new AccountError('the current password is wrong');
    }
    if (current === next) throw new AccountError('the new password must differ from the current one');
    await this.setPassword(userId, next);
    await this.sessions.revokeForUser(userId, keepSessionId);
  }

  /** Creates the first admin when there are no users; returns the password only when it was generated. */
  async ensureFirstAdmin(password: string | undefined): Promise<{ created: boolean; generated?: string }> {
    if ((await this.db.user.count()) > 0) return { created: false };
    const { password: chosen } = await this.create('admin', 'admin', password);
    return { created: true, generated: password ? undefined : chosen };
  }

  private async setPassword(userId: string, password: string): Promise<void> {
    await this.db.user.update({
      where: { id: userId },
      data: {
        passwordHash: await hashPassword(password),
        passwordChangedAt: this.now(),
        failedLogins: 0,
        lockedUntil: null,
      },
    });
  }

  private async assertAnotherAdmin(tx: Pick<DbClient, 'user'>, userId: string): Promise<void> {
    const admins = await tx.user.count({ where: { role: 'admin', id: { not: userId } } });
    if (admins === 0) throw new AccountError('the last admin cannot be removed or demoted');
  }
}
