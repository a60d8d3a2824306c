import type { Principal, Role } from './access-rules';
import { principalSessionId, type AccessServices } from './access-services';

/** Close codes the browser reads: a revoked session must sign in again; a change only reconnects. */
export const CLOSE_REVOKED = 4401;
export const CLOSE_RECONNECT = 4000;

/** How often open sockets are checked against the database (docs/security.md, finding 19). */
export const SOCKET_RECHECK_MS = 10_000;

interface ClosableSocket {
  close(code: number, reason: string): void;
  once(event: 'close', listener: () => void): unknown;
}

/**
 * The open WebSockets by the session that opened them. Revocations in this process close them at once;
 * a periodic re-check catches expiry, and revocations and role changes made by another replica.
 */
export class SocketRegistry {
  private readonly sockets = new Map<string, { principal: Principal; sockets: Set<ClosableSocket> }>();
  private readonly unsubscribe: () => void;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly access: AccessServices,
    private readonly log: (line: string) => void,
  ) {
    this.unsubscribe = access.revocations.subscribe((ids, reason) => {
      for (const id of ids) {
        this.close(id, reason === 'revoked' ? CLOSE_REVOKED : CLOSE_RECONNECT, `session ${reason}`);
      }
    });
  }

  add(principal: Principal, socket: ClosableSocket): void {
    const id = principalSessionId(principal);
    const entry = this.sockets.get(id) ?? { principal, sockets: new Set() };
    entry.sockets.add(socket);
    this.sockets.set(id, entry);
    socket.once('close', () => {
      entry.sockets.delete(socket);
      if (entry.sockets.size === 0 && this.sockets.get(id) === entry) this.sockets.delete(id);
    });
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.recheck(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.unsubscribe();
  }

  /**
   * Closes sockets whose session or screen is no longer live, and makes those whose user's role changed
   * reconnect under the new role.
   */
  async recheck(): Promise<void> {
    /** The role each user's sockets were opened with, by session id. */
    const users = new Map<string, Role>();
    const screens: string[] = [];
    for (const [id, entry] of this.sockets) {
      if (entry.principal.kind === 'user') users.set(id, entry.principal.role);
      else screens.push(id);
    }
    try {
      const [liveUsers, liveScreens] = await Promise.all([
        this.access.sessions.liveRoles([...users.keys()]),
        this.access.screens.liveIds(screens),
      ]);
      const changed: string[] = [];
      for (const [id, openedWith] of users) {
        const role = liveUsers.get(id);
        if (role === undefined) this.close(id, CLOSE_REVOKED, 'session ended');
        else if (role !== openedWith) changed.push(id);
      }
      for (const id of screens) if (!liveScreens.has(id)) this.close(id, CLOSE_REVOKED, 'session ended');
      // As a role change made in this process does: this replica's memory of the session goes too, so the
      // browser's reconnect is checked against the database rather than answered with the old role.
      this.access.revocations.reconnect(changed);
    } catch (error) {
      // The database is away: keep the sockets (failing open for reads) and try again at the next tick.
      this.log(`session re-check failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private close(id: string, code: number, reason: string): void {
    const entry = this.sockets.get(id);
    if (!entry) return;
    this.sockets.delete(id);
    for (const socket of entry.sockets) socket.close(code, reason);
  }
}
