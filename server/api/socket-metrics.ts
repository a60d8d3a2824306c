import { Counter, Gauge, type Registry } from 'prom-client';
import type { SocketFlow } from './socket-outbox';

/**
 * The WebSockets' outboxes on /api/metrics: what they hold now, the most one socket has held (which the
 * limit bounds: a probe or test compares the two), and why sockets were closed.
 */
export function registerSocketMetrics(registry: Registry, flow: SocketFlow): void {
  const registers = [registry];
  new Gauge({
    name: 'rackpilot_websocket_queued_bytes',
    help: 'Bytes every WebSocket holds now: written and not yet taken by the network, and frames held back.',
    registers,
    collect() {
      this.set(flow.queued);
    },
  });
  new Gauge({
    name: 'rackpilot_websocket_queued_bytes_peak',
    help: 'The most bytes one WebSocket has held at once since the process started.',
    registers,
    collect() {
      this.set(flow.peakQueued);
    },
  });
  new Gauge({
    name: 'rackpilot_websocket_queue_limit_bytes',
    help: 'Bytes a WebSocket may have waiting before its frames are held back (RACKPILOT_SOCKET_QUEUE_BYTES); held frames may take as much again.',
    registers,
    collect() {
      this.set(flow.limits.queueBytes);
    },
  });
  new Counter({
    name: 'rackpilot_websocket_snapshots_coalesced_total',
    help: "Live-view snapshots replaced by a newer one before a slow socket's network took them.",
    registers,
    collect() {
      this.reset();
      this.inc(flow.coalesced);
    },
  });
  new Counter({
    name: 'rackpilot_websocket_closed_total',
    help: 'WebSockets the server closed: behind (stayed behind or held too much), unanswered (a ping went unanswered).',
    labelNames: ['reason'],
    registers,
    collect() {
      this.reset();
      this.inc({ reason: 'behind' }, flow.closedBehind);
      this.inc({ reason: 'unanswered' }, flow.closedUnanswered);
    },
  });
}
