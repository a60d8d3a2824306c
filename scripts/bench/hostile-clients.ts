// The hostile clients bench-load runs beside its viewers (security issue 45): one signed-in viewer that
// sends the largest batch the server accepts, again as soon as each answer comes, from several loops at
// once, and beside them a batch over the cap; and one viewer whose WebSocket stops reading while it keeps
// answering the keep-alive. They run in the viewers' process, so that their work does not delay the
// operators' and the probe's clocks.
import { Agent, request } from 'node:http';
import { connect, type NetConnectOpts, type Socket } from 'node:net';
import WebSocket from 'ws';
import { MAX_BATCH_CALLS } from '../../server/schemas/batch-limit';
import { seriesValue } from './server-metrics';

/** Batches at the cap in flight at once (what one browser tab's HTTP connections allow), and over it. */
const BATCH_LOOPS = 5;
const OVERSIZED_LOOPS = 1;
/** What fits in a 16 KB URL: the size of batch the attack sent. */
const OVERSIZED_CALLS = 250;
/** A batch not answered within this counts as unanswered. */
const REQUEST_TIMEOUT_MS = 30_000;
/** The slow reader answers the keep-alive this often, as the attack in the issue did. */
const PONG_EVERY_MS = 10_000;

/**
 * The attacker's own address: a client on the network has one of its own, and the server's per-address
 * caps and pace must not count it against the viewers and the probe on 127.0.0.1.
 */
export const HOSTILE_ADDRESS = '127.0.0.2';

/** Viewer reads that are costly to answer, as a form's options and the hosts list's pages are. */
const CALLS: { path: string; input: unknown }[] = [
  { path: 'ironic.namespaceOptions', input: { namespace: 'bench-load' } },
  { path: 'placement.secretOptions', input: { namespace: 'bench-load' } },
  { path: 'hosts.page', input: {} },
];

export interface HostileReport {
  /** Batches answered, by their size and HTTP status; calls in the batches answered 200. */
  batches: Record<string, number>;
  calls: number;
  /** Batches that got no answer (reset, timeout). */
  unanswered: number;
  /** Each time the server closed the slow reader's socket: after how long it had stopped reading, and the code. */
  slowReader: { closes: { afterMs: number; code: number }[]; paused: number };
}

export interface HostileClients {
  stop(): HostileReport;
}

function batchUrl(url: string, size: number): string {
  const calls = Array.from({ length: Math.ceil(size / CALLS.length) }, () => CALLS)
    .flat()
    .slice(0, size);
  const input = Object.fromEntries(calls.map((call, i) => [String(i), call.input]));
  return `${url}/api/trpc/${calls.map((call) => call.path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}

/** GETs `target` and reads the answer to its end; its status, or a rejection when there is none in time. */
function statusOf(target: string, headers: Record<string, string>, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(target, { headers, agent, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      res.on('error', reject).on('end', () => resolve(res.statusCode ?? 0));
      res.resume();
    });
    req.on('timeout', () => req.destroy(new Error('no answer in time'))).on('error', reject);
    req.end();
  });
}

/** The batching viewer: `size` calls a request, `loops` requests in flight, until stopped. */
function startBatcher(
  url: string,
  cookie: string,
  { size, loops }: { size: number; loops: number },
  report: HostileReport,
  signal: AbortSignal,
) {
  const target = batchUrl(url, size);
  const stopped = () => signal.aborted;
  // Keep-alive, as a browser's fetch: a connection the server closes (431) is opened again at once.
  const agent = new Agent({ keepAlive: true, localAddress: HOSTILE_ADDRESS });
  signal.addEventListener('abort', () => agent.destroy());
  const loop = async () => {
    while (!stopped()) {
      try {
        const status = await statusOf(target, { origin: url, cookie }, agent);
        const key = `${size} calls → ${status}`;
        report.batches[key] = (report.batches[key] ?? 0) + 1;
        if (status === 200) report.calls += size;
      } catch {
        if (!stopped()) report.unanswered++;
      }
    }
  };
  for (let i = 0; i < loops; i++) void loop();
}

/**
 * The slow reader: subscribes to the hosts list and the wall, and once both have sent a view stops
 * reading its TCP socket, while it still sends the keep-alive's answer on a timer. When the server
 * closes it, it comes back at once, so the attack lasts the whole run.
 */
function startSlowReader(url: string, cookie: string, report: HostileReport, signal: AbortSignal) {
  if (signal.aborted) return;
  let tcp: Socket | undefined;
  let pausedAt: number | undefined;
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, {
    headers: { origin: url, cookie },
    // ws connects through this with the options it was given; the socket is kept to pause its reading.
    createConnection: ((options: NetConnectOpts) =>
      (tcp = connect({ ...options, localAddress: HOSTILE_ADDRESS } as NetConnectOpts))) as typeof connect,
  });
  const views = new Set<number>();
  socket.on('open', () => {
    socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'hosts.list', input: {} } }));
    socket.send(JSON.stringify({ id: 2, method: 'subscription', params: { path: 'wall.live' } }));
  });
  socket.on('message', (raw: Buffer) => {
    const id = (JSON.parse(raw.toString()) as { id?: number }).id;
    if (id !== undefined) views.add(id);
    if (views.size === 2 && pausedAt === undefined) {
      tcp?.pause();
      pausedAt = Date.now();
      report.slowReader.paused++;
    }
  });
  const pong = setInterval(() => {
    if (socket.readyState === WebSocket.OPEN) socket.send('PONG');
  }, PONG_EVERY_MS);
  const stop = () => socket.terminate();
  signal.addEventListener('abort', stop);
  socket.on('error', () => undefined);
  socket.on('close', (code) => {
    clearInterval(pong);
    signal.removeEventListener('abort', stop);
    if (signal.aborted) return;
    report.slowReader.closes.push({ afterMs: Date.now() - (pausedAt ?? Date.now()), code });
    startSlowReader(url, cookie, report, signal);
  });
}

/** Starts both hostile clients with two viewers' session cookies. */
export function startHostileClients(
  url: string,
  cookies: { batcher: string; slowReader: string },
): HostileClients {
  const stopping = new AbortController();
  const report: HostileReport = {
    batches: {},
    calls: 0,
    unanswered: 0,
    slowReader: { closes: [], paused: 0 },
  };
  startBatcher(url, cookies.batcher, { size: MAX_BATCH_CALLS, loops: BATCH_LOOPS }, report, stopping.signal);
  startBatcher(
    url,
    cookies.batcher,
    { size: OVERSIZED_CALLS, loops: OVERSIZED_LOOPS },
    report,
    stopping.signal,
  );
  startSlowReader(url, cookies.slowReader, report, stopping.signal);
  return {
    stop() {
      stopping.abort();
      return report;
    },
  };
}

/** One line for the bench's summary: what the hostile clients were answered. */
export function describeHostile(report: HostileReport): string {
  const batches = Object.entries(report.batches)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  const { closes, paused } = report.slowReader;
  const afterS = closes.map((close) => close.afterMs / 1000).sort((x, y) => x - y);
  const codes = [...new Set(closes.map((close) => close.code))].join(', ');
  const ended =
    closes.length === 0
      ? 'never closed by the server'
      : `closed by the server ${closes.length} times (codes ${codes}), ${afterS[0]?.toFixed(1) ?? ''}–${afterS.at(-1)?.toFixed(1) ?? ''} s after it stopped reading`;
  return (
    `hostile clients: the batcher's batches were answered ${batches || 'never'} (${report.calls} calls in those answered 200), ${report.unanswered} unanswered; ` +
    `the slow reader stopped reading ${paused} times and was ${ended}`
  );
}

/** One line from the server's metrics: the most one socket held against its limit, and what was coalesced. */
export function describeSocketQueues(metrics: string): string {
  const mib = (name: string) => (seriesValue(metrics, name) / 2 ** 20).toFixed(2);
  return (
    `socket outboxes: the most one socket held ${mib('rackpilot_websocket_queued_bytes_peak')} MiB ` +
    `(limit ${mib('rackpilot_websocket_queue_limit_bytes')} MiB, held frames may take as much again); ` +
    `${seriesValue(metrics, 'rackpilot_websocket_snapshots_coalesced_total')} snapshots coalesced`
  );
}
