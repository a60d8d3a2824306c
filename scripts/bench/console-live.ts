// bench:console's live phase: open tabs, write at a rate to the objects the timed tabs show (and to
// others, as the plan says), and read for each timed tab how long each write took to be painted, split
// into the API server's answer, the frame that carried it and the paint.
import type { KubeConfig } from '@kubernetes/client-node';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { quantile } from './bench-statistics';
import { FRAMES_IN_A_SECOND } from './console-probe';
import { openView, probe } from './console-phases';
import type { ConsoleView } from './console-views';
import { windowOpener, type Windows } from './live-windows';
import type { PlannedWrite } from './write-spread';
import {
  attributePaints,
  formatStamp,
  lastWrites,
  parseStamps,
  writeToPaint,
  type KeyedWrite,
} from './write-stamp';

const MIB = 2 ** 20;
const RESOURCE_VERSION = /"resourceVersion":"(\d+)"/g;

export interface LiveFigures {
  /** The tab the figures are of (the view's name, or the tab's own when it has one). */
  tab: string;
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
  /** The frame carrying a write → its paint: the tab's own share (writes that reached a frame). */
  framePaintP50Ms: number;
  framePaintP99Ms: number;
  /**
   * Frame → paint split at the page's own message event (the probe's): the frame reaching the browser
   * → the renderer running the event, and that event → paint (the console's own work and the frame).
   */
  frameMessageP50Ms: number;
  frameMessageP99Ms: number;
  messagePaintP50Ms: number;
  messagePaintP99Ms: number;
  /** The tab's document.visibilityState as the probe saw it, and its animation frames a second after the writes. */
  visibility: string;
  framesPerSecond: number;
  lost: number;
  /** Of the lost writes, those no frame the tab received carried (nor a later write of the object). */
  lostUnreceived: number;
  /**
   * The slowest writes → paint: seconds after the first write that each was sent, its ms, the ms of
   * that the API server took to answer it, and when its own frame reached the tab (NaN: none carried it).
   */
  slowest: { atS: number; ms: number; answerMs: number; frameMs: number }[];
  /** The page, a fresh page and the last write to each object all show the same stamps. */
  finalMatches: boolean;
  heapMiB: number;
  rssMiB: number;
  wsBytes: number;
  wsFrames: number;
  /** HTTP requests the tab made while the changes were coming in (a live list needs none). */
  httpRequests: number;
}

/** A tab open during the live phase; a timed one has its shown objects written and measured. */
export interface LiveTab {
  view: ConsoleView;
  /** Where it opens, when not at the view's own path (a search in the URL). */
  path?: string;
  /** Its name in the figures, when not the view's. */
  name?: string;
  timed: boolean;
}

/**
 * What to write, given the timed keys, the keys the timed tabs show but do not time (a write there
 * would change what the final check compares) and how many writes.
 */
export type WritePlanner = (timed: string[], spared: string[], count: number) => PlannedWrite[];

interface SentWrites {
  writes: KeyedWrite[];
  answered: KeyedWrite[];
  /** A timed write's sequence number → the resourceVersion it gave its object. */
  versions: Map<number, string>;
  answerMs: number[];
  sent: number;
  failed: number;
  elapsedMs: number;
}

/**
 * Sends the plan's writes at `rate` a second, each object's one after another; sequence numbers start
 * after `firstSeq` so no two views' stamps look alike. `writeOf` gives each planned write its request.
 */
async function writeAtRate(
  kc: KubeConfig,
  plan: readonly PlannedWrite[],
  writeOf: (write: PlannedWrite) => ConsoleView['write'],
  { rate, firstSeq }: { rate: number; firstSeq: number },
): Promise<SentWrites> {
  const sent: SentWrites = {
    writes: [],
    answered: [],
    versions: new Map(),
    answerMs: [],
    sent: 0,
    failed: 0,
    elapsedMs: 0,
  };
  const chains = new Map<string, Promise<void>>();
  const started = Date.now();
  for (const [n, planned] of plan.entries()) {
    const wait = started + (n * 1000) / rate - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const seq = firstSeq + n + 1;
    const { key } = planned;
    const write = writeOf(planned);
    const previous = chains.get(key) ?? Promise.resolve();
    chains.set(
      key,
      previous.then(async () => {
        const writtenAt = Date.now();
        try {
          const version = await write(kc, key, formatStamp({ seq, writtenAt }));
          const answeredAt = Date.now();
          sent.answerMs.push(answeredAt - writtenAt);
          sent.sent += 1;
          if (planned.timed) {
            sent.writes.push({ key, seq, writtenAt });
            sent.answered.push({ key, seq, writtenAt: answeredAt });
            if (version !== undefined) sent.versions.set(seq, version);
          }
        } catch {
          sent.failed += 1;
        }
      }),
    );
  }
  await Promise.all(chains.values());
  sent.answerMs.sort((a, b) => a - b);
  sent.elapsedMs = Date.now() - started;
  return sent;
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

/** An open tab with its WebSocket frames and HTTP requests counted while `counting`. */
interface OpenTab extends LiveTab {
  /** The tab's window: its own unless the tabs share one (live-windows.ts). */
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  keys: string[];
  shown: string[];
  /**
   * When a frame carrying it first reached the tab (as this process hears of it), by stamp, or for a
   * view that shows writes by an attribute (no stamp in its frames), by the object's resourceVersion.
   */
  received: Map<number | string, number>;
  counts: { wsBytes: number; wsFrames: number; httpRequests: number };
  /** Animation frames the tab ran in a second once the writes ended, every tab still open. */
  framesPerSecond?: number;
}

async function openTab(
  context: BrowserContext,
  tab: LiveTab,
  watchCount: number,
  live: { counting: boolean },
): Promise<OpenTab> {
  const { page } = await openView(context, tab.view, tab.path);
  const keys = tab.timed ? await tab.view.watched(page, watchCount) : [];
  if (tab.timed && keys.length === 0) throw new Error(`${tab.name ?? tab.view.name} shows nothing to watch`);
  const shown = tab.timed ? await tab.view.watched(page, Number.MAX_SAFE_INTEGER) : [];
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const opened: OpenTab = {
    ...tab,
    context,
    page,
    cdp,
    keys,
    shown,
    received: new Map(),
    counts: { wsBytes: 0, wsFrames: 0, httpRequests: 0 },
  };
  page.on('request', () => {
    if (live.counting) opened.counts.httpRequests += 1;
  });
  cdp.on('Network.webSocketFrameReceived', (event) => {
    if (!live.counting) return;
    const at = Date.now();
    opened.counts.wsBytes += Buffer.byteLength(event.response.payloadData);
    opened.counts.wsFrames += 1;
    const payload = event.response.payloadData;
    const carried = tab.view.paint
      ? Array.from(payload.matchAll(RESOURCE_VERSION), (match) => match[1] ?? '')
      : parseStamps(payload).map((stamp) => stamp.seq);
    for (const each of carried) if (!opened.received.has(each)) opened.received.set(each, at);
  });
  return opened;
}

/** One timed tab's figures from the writes to the objects it shows. */
async function tabFigures(tab: OpenTab, sent: SentWrites, rssMiB: number): Promise<LiveFigures> {
  const mine = new Set(tab.keys);
  const writes = sent.writes.filter((write) => mine.has(write.key));
  const answered = sent.answered.filter((write) => mine.has(write.key));
  const last = [...lastWrites(writes).values()];
  const expected = last.map((write) => write.seq).sort((a, b) => a - b);
  const shown = await untilShown(tab.page, tab.view, last, 30_000);
  const heap = await tab.cdp.send('Runtime.getHeapUsage');
  const record = await probe(tab.page);
  const { paint } = tab.view;
  const paints = paint
    ? attributePaints(writes, record.attributes, paint.valueAfter)
    : new Map(Object.entries(record.paints).map(([seq, at]) => [Number(seq), at]));
  const { latencies, lost, slowest } = writeToPaint(writes, paints);
  const firstWriteAt = Math.min(...writes.map((write) => write.writtenAt));
  const answeredAt = new Map(answered.map((write) => [write.seq, write.writtenAt]));
  const frameAt = new Map<number, number>();
  for (const { seq } of writes) {
    const at = tab.received.get(paint ? (sent.versions.get(seq) ?? '') : seq);
    if (at !== undefined) frameAt.set(seq, at);
  }
  const received = writeToPaint(writes, frameAt);
  const unreceived = new Set(received.lost.map((write) => write.seq));
  const afterAnswer = writeToPaint(answered, paints).latencies;
  const framed = writes.flatMap((write) => {
    const at = frameAt.get(write.seq);
    return at === undefined ? [] : [{ ...write, writtenAt: at }];
  });
  const afterFrame = writeToPaint(framed, paints).latencies;
  const messageAt = new Map(Object.entries(record.messages).map(([seq, at]) => [Number(seq), at]));
  const frameToMessage = writeToPaint(framed, messageAt).latencies;
  const messaged = writes.flatMap((write) => {
    const at = messageAt.get(write.seq);
    return at === undefined ? [] : [{ ...write, writtenAt: at }];
  });
  const afterMessage = writeToPaint(messaged, paints).latencies;
  const fresh = await openView(tab.context, tab.view, tab.path);
  const freshShown = await untilShown(fresh.page, tab.view, last, 30_000);
  await fresh.page.close();
  return {
    tab: tab.name ?? tab.view.name,
    watched: tab.keys.length,
    writes: writes.length,
    sent: sent.sent,
    failedWrites: sent.failed,
    rate: sent.sent / (sent.elapsedMs / 1000),
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? Number.NaN,
    answerP50Ms: quantile(sent.answerMs, 0.5),
    answerP99Ms: quantile(sent.answerMs, 0.99),
    frameP50Ms: quantile(received.latencies, 0.5),
    frameP99Ms: quantile(received.latencies, 0.99),
    answeredPaintP50Ms: quantile(afterAnswer, 0.5),
    answeredPaintP99Ms: quantile(afterAnswer, 0.99),
    framePaintP50Ms: quantile(afterFrame, 0.5),
    framePaintP99Ms: quantile(afterFrame, 0.99),
    frameMessageP50Ms: quantile(frameToMessage, 0.5),
    frameMessageP99Ms: quantile(frameToMessage, 0.99),
    messagePaintP50Ms: quantile(afterMessage, 0.5),
    messagePaintP99Ms: quantile(afterMessage, 0.99),
    visibility: [...new Set(record.visibility.map((each) => each.state))].join(' → '),
    framesPerSecond: tab.framesPerSecond ?? Number.NaN,
    lost: lost.length,
    lostUnreceived: lost.filter((write) => unreceived.has(write.seq)).length,
    slowest: slowest.map((write) => ({
      atS: (write.writtenAt - firstWriteAt) / 1000,
      ms: write.ms,
      answerMs: (answeredAt.get(write.seq) ?? Number.NaN) - write.writtenAt,
      frameMs: (frameAt.get(write.seq) ?? Number.NaN) - write.writtenAt,
    })),
    finalMatches: shown.join() === expected.join() && freshShown.join() === expected.join(),
    heapMiB: heap.usedSize / MIB,
    rssMiB,
    wsBytes: tab.counts.wsBytes,
    wsFrames: tab.counts.wsFrames,
    httpRequests: tab.counts.httpRequests,
  };
}

/**
 * Opens the tabs, then sends `rate` writes a second for `seconds` as `planner` lays them out over the
 * timed tabs' first `watchCount` objects and the rest; per timed tab, reads write → paint from the
 * probe, the tab's heap and the WebSocket bytes received, and checks the page ends where a freshly
 * opened one starts. `writing` is told when the writes start and end (the caller's CPU readings).
 */
export async function liveUpdates(
  windows: Windows,
  tabs: readonly LiveTab[],
  kc: KubeConfig,
  options: {
    rate: number;
    seconds: number;
    firstSeq: number;
    watchCount: number;
    planner: WritePlanner;
    serverRss: () => Promise<number>;
    writing?: { started(): Promise<void>; ended(): Promise<void> };
    /** A Chromium performance trace of the browser while the writes go out, written to this file. */
    tracePath?: string;
  },
): Promise<LiveFigures[]> {
  const live = { counting: false };
  const open: OpenTab[] = [];
  const window = windowOpener(windows);
  try {
    for (const tab of tabs) open.push(await openTab(await window.next(), tab, options.watchCount, live));
    const timedTabs = open.filter((tab) => tab.timed);
    const owner = new Map(timedTabs.flatMap((tab) => tab.keys.map((key) => [key, tab] as const)));
    const timedKeys = [...owner.keys()];
    const spared = timedTabs.flatMap((tab) => tab.shown);
    const background = (timedTabs[0] ?? open[0])?.view.background.write;
    if (!background) throw new Error('no tab to write for');
    const plan = options.planner(timedKeys, spared, options.rate * options.seconds);
    live.counting = true;
    await options.writing?.started();
    const browser = open[0]?.context.browser();
    if (options.tracePath) await browser?.startTracing(undefined, { path: options.tracePath });
    const sent = await writeAtRate(
      kc,
      plan,
      (write) => (write.timed ? (owner.get(write.key)?.view.write ?? background) : background),
      options,
    );
    await options.writing?.ended();
    if (options.tracePath) await browser?.stopTracing();
    await Promise.all(
      open.map(async (tab) => {
        tab.framesPerSecond = await tab.page.evaluate<number>(FRAMES_IN_A_SECOND);
      }),
    );
    const rssMiB = await options.serverRss();
    const figures: LiveFigures[] = [];
    for (const tab of timedTabs) figures.push(await tabFigures(tab, sent, rssMiB));
    live.counting = false;
    return figures;
  } finally {
    for (const tab of open) await tab.page.close();
    await window.closeOpened();
  }
}
