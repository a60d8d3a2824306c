import type WebSocket from 'ws';
import type { Registry } from 'prom-client';
import { CLOSE_RECONNECT } from '../access/socket-registry';
import { outgoingFrame, type OutgoingFrame } from './shared-view-frames';
import { keepWhileAnswering, type LivenessTimings } from './socket-liveness';
import { registerSocketMetrics } from './socket-metrics';

/** How much one WebSocket may have waiting, and for how long. */
export interface OutboxLimits {
  /**
   * Bytes written to a socket and not yet taken by the network: past this the socket is behind, and
   * frames wait in its outbox (a live view's newest snapshot replacing its older ones) instead of being
   * written. Frames held back may take as much again before the socket is closed.
   */
  queueBytes: number;
  /** A socket behind for this long is closed. */
  behindMs: number;
}

/** A close frame waits behind what the socket already holds; past this it is cut instead. */
const CLOSE_GRACE_MS = 5_000;

/** The part of a ws socket the outbox uses; it writes through `write`, the socket's own send. */
export interface OutboxSocket {
  readonly bufferedAmount: number;
  close(code: number, reason: string): void;
  terminate(): void;
  once(event: 'close', listener: () => void): unknown;
}

/** Writes a text frame and calls `done` once the network has taken it (or the socket failed). */
export type WriteFrame = (data: string | Buffer, done: () => void) => void;

function sizeOf(frame: OutgoingFrame): number {
  return frame.bytes?.length ?? Buffer.byteLength(frame.text);
}

/**
 * One socket's frames on their way out. While the network takes them, they are written at once; once
 * more than `queueBytes` wait (a client that reads slowly, or not at all), they are held: a live view
 * keeps only its newest snapshot, and the rest keep their order. A socket still behind after `behindMs`,
 * or holding more than `queueBytes` of frames, is closed, so a client that stops reading costs the
 * server a bounded amount of memory.
 */
export class SocketOutbox {
  /** Held frames in sending order; a subscription's snapshot keeps its place when a newer one replaces it. */
  private readonly held = new Map<symbol, OutgoingFrame>();
  /** The key in `held` of each subscription's waiting snapshot. */
  private readonly snapshots = new Map<string, symbol>();
  private heldBytes = 0;
  private behindTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly socket: OutboxSocket,
    private readonly writeFrame: WriteFrame,
    private readonly limits: OutboxLimits,
    private readonly flow: SocketFlow,
  ) {
    socket.once('close', () => {
      this.closed = true;
      clearTimeout(this.behindTimer);
      this.drop();
    });
  }

  /** Bytes this socket holds now: written and waiting for the network, and held back. */
  get queued(): number {
    return this.socket.bufferedAmount + this.heldBytes;
  }

  send(frame: OutgoingFrame): void {
    if (this.closed) return;
    if (this.held.size === 0 && !this.full()) this.write(frame);
    else this.hold(frame);
    this.flow.observe(this.queued);
  }

  private full(): boolean {
    return this.socket.bufferedAmount >= this.limits.queueBytes;
  }

  private write(frame: OutgoingFrame): void {
    this.writeFrame(frame.bytes ?? frame.text, () => {
      this.flush();
    });
  }

  private hold(frame: OutgoingFrame): void {
    this.behind();
    if (frame.snapshotOf !== undefined) {
      const key = this.snapshots.get(frame.snapshotOf);
      const waiting = key && this.held.get(key);
      if (key && waiting) {
        this.flow.coalesced++;
        // `same` says nothing changed since the snapshot before it, which is the one still waiting.
        if (frame.same) return;
        this.heldBytes += sizeOf(frame) - sizeOf(waiting);
        this.held.set(key, frame);
      } else {
        const fresh = Symbol(frame.snapshotOf);
        this.snapshots.set(frame.snapshotOf, fresh);
        this.held.set(fresh, frame);
        this.heldBytes += sizeOf(frame);
      }
    } else {
      // A subscription that stopped has no use for its snapshot; one started later under the same id
      // gets a place of its own, after this frame.
      if (frame.stopped !== undefined) this.forget(frame.stopped);
      this.held.set(Symbol(), frame);
      this.heldBytes += sizeOf(frame);
    }
    if (this.heldBytes > this.limits.queueBytes) this.close('holds too much');
  }

  private forget(subscription: string): void {
    const key = this.snapshots.get(subscription);
    if (!key) return;
    this.snapshots.delete(subscription);
    const waiting = this.held.get(key);
    if (waiting) this.heldBytes -= sizeOf(waiting);
    this.held.delete(key);
  }

  /** Writes held frames while the network takes them; called as each written frame leaves. */
  private flush(): void {
    if (this.closed) return;
    for (const [key, frame] of this.held) {
      if (this.full()) return;
      this.held.delete(key);
      if (frame.snapshotOf !== undefined && this.snapshots.get(frame.snapshotOf) === key) {
        this.snapshots.delete(frame.snapshotOf);
      }
      this.heldBytes -= sizeOf(frame);
      this.write(frame);
    }
    if (!this.full()) {
      clearTimeout(this.behindTimer);
      this.behindTimer = undefined;
    }
  }

  private behind(): void {
    this.behindTimer ??= setTimeout(() => {
      this.behindTimer = undefined;
      if (this.held.size > 0 || this.full()) this.close(`behind for ${this.limits.behindMs} ms`);
    }, this.limits.behindMs);
  }

  private close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.flow.closedBehind++;
    clearTimeout(this.behindTimer);
    this.drop();
    // The browser reconnects on this code and starts again from a whole snapshot.
    this.socket.close(CLOSE_RECONNECT, reason);
    setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS).unref();
  }

  private drop(): void {
    this.held.clear();
    this.snapshots.clear();
    this.heldBytes = 0;
    this.flow.outboxes.delete(this);
  }
}

/** Every socket's outbox in this process, their limits, and what the metrics report of them. */
export class SocketFlow {
  readonly outboxes = new Set<SocketOutbox>();
  /** The most any one socket has held at once since the process started. */
  peakQueued = 0;
  /** Snapshots a newer one replaced before they were written. */
  coalesced = 0;
  /** Sockets closed for staying behind or holding too much. */
  closedBehind = 0;
  /** Sockets cut for not answering a ping (socket-liveness.ts). */
  closedUnanswered = 0;

  constructor(
    readonly limits: OutboxLimits & LivenessTimings,
    registry?: Registry,
  ) {
    if (registry) registerSocketMetrics(registry, this);
  }

  /** Bytes every socket holds now. */
  get queued(): number {
    let sum = 0;
    for (const outbox of this.outboxes) sum += outbox.queued;
    return sum;
  }

  observe(queued: number): void {
    if (queued > this.peakQueued) this.peakQueued = queued;
  }

  /**
   * Sends `socket`'s frames through an outbox: the adapter calls `send` with the text the encoder
   * (sharedViewFrames) just made, and the outbox writes that frame's shared bytes when it has them.
   * The socket is kept only while it answers pings.
   */
  attach(socket: WebSocket): void {
    const send = socket.send.bind(socket);
    const outbox = new SocketOutbox(
      socket,
      (data, done) => {
        send(data, { binary: false }, done);
      },
      this.limits,
      this,
    );
    this.outboxes.add(outbox);
    keepWhileAnswering(socket, this.limits, () => this.closedUnanswered++);
    socket.send = ((data: string) => {
      outbox.send(outgoingFrame(data));
    }) as WebSocket['send'];
  }
}
