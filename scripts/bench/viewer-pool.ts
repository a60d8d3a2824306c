// The viewers' side of bench-load: signed-in sessions each holding the console's WebSocket with the
// hosts list and the wall subscribed, as a browser showing both would, recording what each is shown.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type WebSocket from 'ws';
import { openConsoleSocket } from '../../tools/probe/console-socket';
import type { HostPage } from '../../server/api/hosts/host-query';
import type { LiveMessage } from '../../server/types/live-message';
import type { WallView } from '../../server/api/wall/wall-view';
import type { HostileReport } from './hostile-clients';
import { rackSeq } from './operator-load';

const HOSTS_ID = 1;
const WALL_ID = 2;

/** What a viewer was shown, without its socket: what the viewers' process reports back. */
export interface ViewerReport {
  /** Messages with a new view, and those saying nothing changed. */
  views: number;
  unchanged: number;
  /** Per host: when each higher rack sequence number was first shown. */
  sightings: Map<string, { seq: number; at: number }[]>;
  /** Tenant clusters on the wall in its last view. */
  wallClusters?: number;
  /** Why a subscription or the socket ended early, if one did. */
  lost?: string;
}

export interface Viewer extends ViewerReport {
  socket: WebSocket;
}

interface TrpcMessage<T> {
  id?: number;
  result?: { type?: string; data?: LiveMessage<T> };
  error?: { message?: string };
}

function watch(viewer: Viewer, onFirstViews: () => void): void {
  const firstSeen = new Set<number>();
  viewer.socket.on('message', (raw: Buffer) => {
    const message = JSON.parse(raw.toString()) as TrpcMessage<HostPage | WallView>;
    if (message.error) viewer.lost ??= `subscription ${message.id}: ${message.error.message ?? 'error'}`;
    if (message.result?.type === 'stopped') viewer.lost ??= `subscription ${message.id} stopped`;
    const data = message.result?.data;
    if (!data) return;
    if (data.same) {
      viewer.unchanged++;
      return;
    }
    viewer.views++;
    const at = Date.now();
    if (message.id === HOSTS_ID) {
      for (const row of (data.view as HostPage).rows) {
        const seq = rackSeq(row.rack);
        if (seq === undefined) continue;
        const seen = viewer.sightings.get(row.name) ?? [];
        if ((seen.at(-1)?.seq ?? -1) < seq) seen.push({ seq, at });
        viewer.sightings.set(row.name, seen);
      }
    } else if (message.id === WALL_ID) {
      viewer.wallClusters = (data.view as WallView).clusters.total;
    }
    if (message.id !== undefined && !firstSeen.has(message.id)) {
      firstSeen.add(message.id);
      if (firstSeen.size === 2) onFirstViews();
    }
  });
  viewer.socket.on('close', (code) => (viewer.lost ??= `socket closed ${code}`));
}

/** Opens one socket per cookie and resolves once every viewer has had its first two views. */
export async function openViewers(url: string, cookies: readonly string[]): Promise<Viewer[]> {
  const viewers: Viewer[] = [];
  const ready: Promise<void>[] = [];
  for (const cookie of cookies) {
    const opened = await openConsoleSocket(url, cookie);
    if (!opened.socket) throw new Error(`a viewer's WebSocket was refused (${opened.status})`);
    const viewer: Viewer = { socket: opened.socket, views: 0, unchanged: 0, sightings: new Map() };
    ready.push(new Promise((resolve) => watch(viewer, resolve)));
    const subscribe = (id: number, path: string, input?: unknown) =>
      viewer.socket.send(JSON.stringify({ id, method: 'subscription', params: { path, input } }));
    subscribe(HOSTS_ID, 'hosts.list', {});
    subscribe(WALL_ID, 'wall.live');
    viewers.push(viewer);
  }
  await Promise.all(ready);
  return viewers;
}

export function closeViewers(viewers: readonly Viewer[]): void {
  for (const viewer of viewers) viewer.socket.terminate();
}

/** Two more viewers' cookies for the hostile clients (hostile-clients.ts). */
export interface HostileSetup {
  cookies: { batcher: string; slowReader: string };
}

export type ToViewers =
  { open: { url: string; cookies: string[]; hostile?: HostileSetup } } | { report: true };
export type FromViewers =
  { opened: number } | { reports: ViewerReport[]; hostile?: HostileReport } | { failed: string };

export interface ViewerProcess {
  /** What every viewer (and the hostile clients) saw so far; the sockets close and the process ends. */
  report: () => Promise<{ viewers: ViewerReport[]; hostile?: HostileReport }>;
}

/**
 * The viewers in a process of their own (viewer-process.ts): parsing every viewer's frames is most of
 * the load generator's work, and in the operators' process it would delay their clocks, so the
 * latencies measured there would be the load generator's as much as the server's.
 */
export async function forkViewers(
  url: string,
  cookies: readonly string[],
  hostile?: HostileSetup,
): Promise<ViewerProcess> {
  const child = fork(fileURLToPath(new URL('./viewer-process.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
  });
  const next = () =>
    new Promise<FromViewers>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the viewers' process exited (${code})`));
      child.once('exit', exited);
      child.once('message', (message: FromViewers) => {
        child.off('exit', exited);
        if ('failed' in message) reject(new Error(message.failed));
        else resolve(message);
      });
    });
  const send = (message: ToViewers) => child.send(message);
  const opened = next();
  send({ open: { url, cookies: [...cookies], hostile } });
  await opened.catch((error: unknown) => {
    child.kill();
    throw error;
  });
  return {
    report: async () => {
      const answer = next();
      send({ report: true });
      const message = await answer;
      return 'reports' in message ? { viewers: message.reports, hostile: message.hostile } : { viewers: [] };
    },
  };
}
