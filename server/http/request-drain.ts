import type { Server, ServerResponse } from 'node:http';

/**
 * Lets the requests a stopping server has already accepted finish before what they need (runtime,
 * database) is torn down. Kept-alive connections outlive `server.close()`: while draining, every answer
 * closes its connection, so the client's next request opens a new one, which another replica takes.
 */
export class RequestDrain {
  private readonly inflight = new Set<ServerResponse>();
  private draining = false;
  private onIdle: (() => void) | undefined;

  /** Counts one request until its answer is finished or its connection is gone. */
  track(res: ServerResponse): void {
    this.inflight.add(res);
    if (this.draining) res.setHeader('connection', 'close');
    res.once('close', () => {
      this.inflight.delete(res);
      if (this.inflight.size === 0) this.onIdle?.();
    });
  }

  /** Resolves once no request is in flight, then closes the connections that sit idle. */
  async drain(server: Server): Promise<void> {
    this.draining = true;
    for (const res of this.inflight) if (!res.headersSent) res.setHeader('connection', 'close');
    if (this.inflight.size > 0) {
      await new Promise<void>((resolve) => {
        this.onIdle = resolve;
      });
    }
    server.closeIdleConnections();
  }
}
