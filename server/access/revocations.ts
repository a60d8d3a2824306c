export type RevocationReason = 'revoked' | 'changed';

/**
 * Tells the open WebSockets of a session or screen that it was revoked, so they close at once instead of
 * at the next periodic re-check. Ids are session ids or screen-session ids (both SHA-256 hex, never equal).
 */
export class Revocations {
  private readonly listeners = new Set<(ids: string[], reason: RevocationReason) => void>();

  /** The sessions ended: their sockets close for good. */
  revoke(ids: string[]): void {
    this.emit(ids, 'revoked');
  }

  /** The sessions' rights changed: their sockets close and the browsers reconnect under the new rights. */
  reconnect(ids: string[]): void {
    this.emit(ids, 'changed');
  }

  subscribe(listener: (ids: string[], reason: RevocationReason) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(ids: string[], reason: RevocationReason): void {
    if (ids.length === 0) return;
    for (const listener of this.listeners) listener(ids, reason);
  }
}
