// What bench:console does in the browser, one phase at a time: open a view, type a filter and watch
// live updates arrive (scrolling and panning: console-scroll.ts).
import type { KubeConfig } from '@kubernetes/client-node';
import type { BrowserContext, Page } from '@playwright/test';
import { quantile } from './bench-statistics';
import { consoleProbeSource, type ProbeRecord } from './console-probe';
import type { ConsoleView } from './console-views';
import {
  attributePaints,
  formatStamp,
  lastWrites,
  parseStamps,
  writeToPaint,
  type KeyedWrite,
} from './write-stamp';

const MIB = 2 ** 20;
const WAIT_MS = 120_000;

export function probe(page: Page): Promise<ProbeRecord> {
  return page.evaluate<ProbeRecord>('window.__consoleBench');
}

export function nextFrame(page: Page): Promise<unknown> {
  return page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve(0)))');
}

/**
 * performance.now() of the first animation frame in which `condition` (an expression) holds. Not
 * page.waitForFunction: it compiles its predicate inside the page later on, which the console's
 * Content-Security-Policy (no unsafe-eval) refuses.
 */
export function firstFrameWhere(page: Page, condition: string): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve, reject) => {
    const deadline = performance.now() + ${WAIT_MS};
    const check = () => {
      if (${condition}) resolve(performance.now());
      else if (performance.now() > deadline) reject(new Error(${JSON.stringify(`timed out waiting for ${condition}`)}));
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

/** Where an open's time went, in ms since navigation start. */
export interface OpenFigures {
  /** The first rows painted. */
  firstMs: number;
  /** The document's last byte received. */
  documentMs: number;
  /** DOMContentLoaded handled: the page's scripts have run. */
  scriptsMs: number;
  /** The WebSocket open, and the first message sent on it (the live view's subscription). */
  socketMs: number;
  sendMs: number;
  /** The first WebSocket message received (the live view's first snapshot). */
  messageMs: number;
  /** HTTP requests the tab made from navigation to the first rows, the document's included. */
  requests: number;
}

/** A new tab with the probe installed, at `path`; resolves once the first rows are shown. */
export async function openView(
  context: BrowserContext,
  view: ConsoleView,
  path = view.path,
): Promise<{ page: Page; opened: OpenFigures }> {
  const page = await context.newPage();
  let requests = 0;
  const count = () => (requests += 1);
  page.on('request', count);
  const watched = view.paint && { attribute: view.paint.attribute, key: view.paint.key };
  await page.addInitScript({ content: consoleProbeSource(view.firstSelector, watched) });
  await page.goto(path);
  await firstFrameWhere(page, 'window.__consoleBench.firstAt !== undefined');
  page.off('request', count);
  const record = await probe(page);
  const navigation = await page.evaluate<{ responseEnd: number; domContentLoadedEventEnd: number }>(
    "performance.getEntriesByType('navigation')[0].toJSON()",
  );
  return {
    page,
    opened: {
      firstMs: record.firstAt ?? Number.NaN,
      documentMs: navigation.responseEnd,
      scriptsMs: navigation.domContentLoadedEventEnd,
      socketMs: record.socketOpenAt ?? Number.NaN,
      sendMs: record.firstSendAt ?? Number.NaN,
      messageMs: record.firstMessageAt ?? Number.NaN,
      requests,
    },
  };
}

export interface FilterFigures {
  /** Last key down → first frame in which every row matches. */
  filterMs: number;
  /** The longest interaction (Event Timing: input to next paint) while typing; 0 when none reached 16 ms. */
  inpMs: number;
}

/** Types the view's filter into the search box of an open list. */
export async function typeFilter(page: Page, list: NonNullable<ConsoleView['list']>): Promise<FilterFigures> {
  const before = (await probe(page)).interactions.length;
  await page.getByTestId('search').pressSequentially(list.filter, { delay: 60 });
  const rows = `[...document.querySelectorAll(${JSON.stringify(`${list.table} [data-testid="row"]`)})]`;
  const matchedAt = await firstFrameWhere(
    page,
    `${rows}.length > 0 && ${rows}.every((row) => row.textContent.toLowerCase().includes(${JSON.stringify(list.filter)}))`,
  );
  const record = await probe(page);
  const interactions = record.interactions.slice(before).map((entry) => entry.duration);
  return { filterMs: matchedAt - (record.lastKeyAt ?? matchedAt), inpMs: Math.max(0, ...interactions) };
}

export interface LiveFigures {
  watched: number;
  /** Writes to the watched objects: the ones timed. */
  writes: number;
  /** Every write, background ones included. */
  sent: number;
  failedWrites: number;
  /** Writes per second actually sent, watched and background. */
  rate: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Each write's own request, sent → answered (every write, background ones included). */
  answerP50Ms: number;
  answerP99Ms: number;
  /** Write → the first WebSocket frame the tab received with its stamp (or a later one of the object). */
  frameP50Ms: number;
  frameP99Ms: number;
  /** The write's answer → paint: write → paint without the API server's own time. */
  answeredPaintP50Ms: number;
  answeredPaintP99Ms: number;
  lost: number;
  /**
   * The slowest writes → paint: seconds after the first write that each was sent, its ms, and the ms
   * of that the API server took to answer it.
   */
  slowest: { atS: number; ms: number; answerMs: number }[];
  /** The page, a fresh page and the last write to each object all show the same stamps. */
  finalMatches: boolean;
  heapMiB: number;
  rssMiB: number;
  wsBytes: number;
  wsFrames: number;
  /** HTTP requests the tab made while the changes were coming in (a live list needs none). */
  httpRequests: number;
}

/**
 * Sends `rate` writes a second for `seconds`, round robin over the watched keys and the view's
 * background keys, each object's in order; sequence numbers start after `firstSeq` so no two views'
 * stamps look alike. Returns the watched objects' writes (the ones the page shows) and the count of all.
 */
async function writeAtRate(
  kc: KubeConfig,
  view: ConsoleView,
  watched: readonly string[],
  { rate, seconds, firstSeq }: { rate: number; seconds: number; firstSeq: number },
): Promise<{
  writes: KeyedWrite[];
  answered: KeyedWrite[];
  answerMs: number[];
  sent: number;
  failed: number;
  elapsedMs: number;
}> {
  const shown = new Set(watched);
  const keys = [...watched, ...view.background.keys.filter((key) => !shown.has(key))];
  const writes: KeyedWrite[] = [];
  const answered: KeyedWrite[] = [];
  const answerMs: number[] = [];
  let sent = 0;
  let failed = 0;
  const chains = new Map<string, Promise<void>>();
  const started = Date.now();
  for (let n = 0; n < rate * seconds; n++) {
    const wait = started + (n * 1000) / rate - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const seq = firstSeq + n + 1;
    const key = keys[n % keys.length] ?? '';
    const write = shown.has(key) ? view.write : view.background.write;
    const previous = chains.get(key) ?? Promise.resolve();
    chains.set(
      key,
      previous.then(async () => {
        const writtenAt = Date.now();
        try {
          await write(kc, key, formatStamp({ seq, writtenAt }));
          const answeredAt = Date.now();
          answerMs.push(answeredAt - writtenAt);
          sent += 1;
          if (shown.has(key)) {
            writes.push({ key, seq, writtenAt });
            answered.push({ key, seq, writtenAt: answeredAt });
          }
        } catch {
          failed += 1;
        }
      }),
    );
  }
  await Promise.all(chains.values());
  return {
    writes,
    answered,
    answerMs: answerMs.sort((a, b) => a - b),
    sent,
    failed,
    elapsedMs: Date.now() - started,
  };
}

/**
 * The last writes the page shows, by sequence number: the stamps in the view's scope, or for a view
 * that shows a write by an attribute, the last writes whose object's element carries their value.
 */
async function shownWrites(page: Page, view: ConsoleView, last: readonly KeyedWrite[]): Promise<number[]> {
  const { paint } = view;
  if (!paint) {
    const text = (await page.locator(view.scope).textContent()) ?? '';
    return parseStamps(text).map((stamp) => stamp.seq);
  }
  const shown: number[] = [];
  for (const write of last) {
    const value = await page.locator(paint.element(write.key)).getAttribute(paint.attribute);
    if (value === paint.valueAfter(write.seq)) shown.push(write.seq);
  }
  return shown;
}

/** The page once it shows every one of `last` (or after `timeoutMs`): what it shows, in seq order. */
async function untilShown(
  page: Page,
  view: ConsoleView,
  last: readonly KeyedWrite[],
  timeoutMs: number,
): Promise<number[]> {
  const expected = last.map((write) => write.seq).sort((a, b) => a - b);
  const deadline = Date.now() + timeoutMs;
  const read = async () => (await shownWrites(page, view, last)).sort((a, b) => a - b);
  let shown = await read();
  while (shown.join() !== expected.join() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    shown = await read();
  }
  return shown;
}

/**
 * Opens the view, then changes `watchCount` of the objects it shows `rate` times a second for
 * `seconds`; reads write → paint from the probe, the tab's heap and the WebSocket bytes received,
 * and checks the page ends where a freshly opened one starts.
 */
export async function liveUpdates(
  context: BrowserContext,
  view: ConsoleView,
  kc: KubeConfig,
  options: {
    rate: number;
    seconds: number;
    firstSeq: number;
    watchCount: number;
    serverRss: () => Promise<number>;
  },
): Promise<LiveFigures> {
  const { page } = await openView(context, view);
  try {
    const keys = await view.watched(page, options.watchCount);
    if (keys.length === 0) throw new Error(`${view.name} shows nothing to watch`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let counting = true;
    let wsBytes = 0;
    let wsFrames = 0;
    // Stamp → when a frame carrying it reached the tab (as this process hears of it): the split between
    // the server's part of write → paint and the browser's.
    const received = new Map<number, number>();
    let httpRequests = 0;
    page.on('request', () => {
      if (counting) httpRequests += 1;
    });
    cdp.on('Network.webSocketFrameReceived', (event) => {
      if (!counting) return;
      const at = Date.now();
      wsBytes += Buffer.byteLength(event.response.payloadData);
      wsFrames += 1;
      for (const { seq } of parseStamps(event.response.payloadData))
        if (!received.has(seq)) received.set(seq, at);
    });
    const sent = await writeAtRate(kc, view, keys, options);
    const last = [...lastWrites(sent.writes).values()];
    const expected = last.map((write) => write.seq).sort((a, b) => a - b);
    const shown = await untilShown(page, view, last, 30_000);
    counting = false;
    const heap = await cdp.send('Runtime.getHeapUsage');
    const rssMiB = await options.serverRss();
    const record = await probe(page);
    const paints = view.paint
      ? attributePaints(sent.writes, record.attributes, view.paint.valueAfter)
      : new Map(Object.entries(record.paints).map(([seq, at]) => [Number(seq), at]));
    const { latencies, lost, slowest } = writeToPaint(sent.writes, paints);
    const firstWriteAt = Math.min(...sent.writes.map((write) => write.writtenAt));
    const answeredAt = new Map(sent.answered.map((write) => [write.seq, write.writtenAt]));
    const frames = writeToPaint(sent.writes, received).latencies;
    const afterAnswer = writeToPaint(sent.answered, paints).latencies;
    const fresh = await openView(context, view);
    const freshShown = await untilShown(fresh.page, view, last, 30_000);
    await fresh.page.close();
    return {
      watched: keys.length,
      writes: sent.writes.length,
      sent: sent.sent,
      failedWrites: sent.failed,
      rate: sent.sent / (sent.elapsedMs / 1000),
      p50Ms: quantile(latencies, 0.5),
      p99Ms: quantile(latencies, 0.99),
      maxMs: latencies.at(-1) ?? Number.NaN,
      answerP50Ms: quantile(sent.answerMs, 0.5),
      answerP99Ms: quantile(sent.answerMs, 0.99),
      frameP50Ms: quantile(frames, 0.5),
      frameP99Ms: quantile(frames, 0.99),
      answeredPaintP50Ms: quantile(afterAnswer, 0.5),
      answeredPaintP99Ms: quantile(afterAnswer, 0.99),
      lost: lost.length,
      slowest: slowest.map((write) => ({
        atS: (write.writtenAt - firstWriteAt) / 1000,
        ms: write.ms,
        answerMs: (answeredAt.get(write.seq) ?? Number.NaN) - write.writtenAt,
      })),
      finalMatches: shown.join() === expected.join() && freshShown.join() === expected.join(),
      heapMiB: heap.usedSize / MIB,
      rssMiB,
      wsBytes,
      wsFrames,
      httpRequests,
    };
  } finally {
    await page.close();
  }
}
