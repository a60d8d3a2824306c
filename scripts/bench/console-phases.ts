// What bench:console does in the browser, one phase at a time: open a view, type a filter, scroll
// every page of a list, and watch live updates arrive.
import type { KubeConfig } from '@kubernetes/client-node';
import type { BrowserContext, Page } from '@playwright/test';
import { quantile } from './bench-statistics';
import { consoleProbeSource, type ProbeRecord } from './console-probe';
import type { ConsoleView } from './console-views';
import { formatStamp, lastWrites, parseStamps, writeToPaint, type KeyedWrite } from './write-stamp';

const MIB = 2 ** 20;
const WAIT_MS = 120_000;

function probe(page: Page): Promise<ProbeRecord> {
  return page.evaluate<ProbeRecord>('window.__consoleBench');
}

function nextFrame(page: Page): Promise<unknown> {
  return page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve(0)))');
}

/** A new tab with the probe installed, at `path`; resolves with the first-rows time once shown. */
export async function openView(
  context: BrowserContext,
  view: ConsoleView,
  path = view.path,
): Promise<{ page: Page; firstMs: number }> {
  const page = await context.newPage();
  await page.addInitScript({ content: consoleProbeSource(view.firstSelector) });
  await page.goto(path);
  const first = await page.waitForFunction('window.__consoleBench.firstAt', undefined, { timeout: WAIT_MS });
  return { page, firstMs: Number(await first.jsonValue()) };
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
  const matched = await page.waitForFunction(
    `(() => {
      const rows = [...document.querySelectorAll(${JSON.stringify(`${list.table} [data-testid="row"]`)})];
      const all = rows.length > 0 && rows.every((row) => row.textContent.toLowerCase().includes(${JSON.stringify(list.filter)}));
      return all ? performance.now() : false;
    })()`,
    undefined,
    { polling: 'raf', timeout: WAIT_MS },
  );
  const matchedAt = Number(await matched.jsonValue());
  const record = await probe(page);
  const interactions = record.interactions.slice(before).map((entry) => entry.duration);
  return { filterMs: matchedAt - (record.lastKeyAt ?? matchedAt), inpMs: Math.max(0, ...interactions) };
}

export interface ScrollFigures {
  pages: number;
  longTasks: number;
  longestTaskMs: number;
}

async function rangeText(page: Page): Promise<string> {
  return (await page.getByTestId('range').textContent()) ?? '';
}

/**
 * Scrolls a list shown 250 rows a page from its first row to its last, page after page (down one
 * page, Next, up the next), with the mouse wheel; counts the long tasks meanwhile.
 */
export async function scrollEveryPage(
  context: BrowserContext,
  view: ConsoleView,
  maxPages: number,
): Promise<ScrollFigures> {
  const list = view.list;
  if (!list) throw new Error(`${view.name} is not a list`);
  const { page } = await openView(context, view, `${view.path}?size=250`);
  try {
    const tasksBefore = (await probe(page)).longTasks.length;
    const scroller = page.locator(`${list.table} .overflow-auto`);
    await scroller.hover();
    const total = Number(/of (\d+)/.exec(await rangeText(page))?.[1] ?? 0);
    const pages = Math.min(maxPages, Math.ceil(total / 250));
    for (let index = 1; index <= pages; index++) {
      const down = index % 2 === 1;
      for (;;) {
        const at = await scroller.evaluate((element) => ({
          top: element.scrollTop,
          end: element.scrollHeight - element.clientHeight,
        }));
        if (down ? at.top >= at.end - 1 : at.top <= 0) break;
        await page.mouse.wheel(0, down ? 600 : -600);
        await nextFrame(page);
      }
      if (index === pages) break;
      await page.getByRole('button', { name: 'Next ›' }).click();
      await page.waitForFunction(
        `document.querySelector('[data-testid="range"]')?.textContent.startsWith('${index * 250 + 1}–')`,
        undefined,
        { timeout: WAIT_MS },
      );
    }
    const tasks = (await probe(page)).longTasks.slice(tasksBefore).map((task) => task.duration);
    return { pages, longTasks: tasks.length, longestTaskMs: Math.max(0, ...tasks) };
  } finally {
    await page.close();
  }
}

export interface LiveFigures {
  watched: number;
  writes: number;
  failedWrites: number;
  /** Writes per second actually sent. */
  rate: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  lost: number;
  /** The page, a fresh page and the last write to each object all show the same stamps. */
  finalMatches: boolean;
  heapMiB: number;
  rssMiB: number;
  wsBytes: number;
  wsFrames: number;
}

/**
 * Sends `rate` writes a second for `seconds`, round robin over `keys`, each object's in order;
 * sequence numbers start after `firstSeq` so no two views' stamps look alike.
 */
async function writeAtRate(
  kc: KubeConfig,
  view: ConsoleView,
  keys: readonly string[],
  { rate, seconds, firstSeq }: { rate: number; seconds: number; firstSeq: number },
): Promise<{ writes: KeyedWrite[]; failed: number; elapsedMs: number }> {
  const writes: KeyedWrite[] = [];
  let failed = 0;
  const chains = new Map<string, Promise<void>>();
  const started = Date.now();
  for (let n = 0; n < rate * seconds; n++) {
    const wait = started + (n * 1000) / rate - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const seq = firstSeq + n + 1;
    const key = keys[n % keys.length] ?? '';
    const previous = chains.get(key) ?? Promise.resolve();
    chains.set(
      key,
      previous.then(async () => {
        const writtenAt = Date.now();
        try {
          await view.write(kc, key, formatStamp({ seq, writtenAt }));
          writes.push({ key, seq, writtenAt });
        } catch {
          failed += 1;
        }
      }),
    );
  }
  await Promise.all(chains.values());
  return { writes, failed, elapsedMs: Date.now() - started };
}

async function stampsIn(page: Page, scope: string): Promise<number[]> {
  const text = (await page.locator(scope).textContent()) ?? '';
  return parseStamps(text)
    .map((stamp) => stamp.seq)
    .sort((a, b) => a - b);
}

async function untilStamps(
  page: Page,
  scope: string,
  expected: number[],
  timeoutMs: number,
): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let shown = await stampsIn(page, scope);
  while (shown.join() !== expected.join() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    shown = await stampsIn(page, scope);
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
    cdp.on('Network.webSocketFrameReceived', (event) => {
      if (!counting) return;
      wsBytes += Buffer.byteLength(event.response.payloadData);
      wsFrames += 1;
    });
    const sent = await writeAtRate(kc, view, keys, options);
    const expected = [...lastWrites(sent.writes).values()].map((write) => write.seq).sort((a, b) => a - b);
    const shown = await untilStamps(page, view.scope, expected, 30_000);
    counting = false;
    const heap = await cdp.send('Runtime.getHeapUsage');
    const rssMiB = await options.serverRss();
    const record = await probe(page);
    const paints = new Map(Object.entries(record.paints).map(([seq, at]) => [Number(seq), at]));
    const { latencies, lost } = writeToPaint(sent.writes, paints);
    const fresh = await openView(context, view);
    const freshShown = await untilStamps(fresh.page, view.scope, expected, 30_000);
    await fresh.page.close();
    return {
      watched: keys.length,
      writes: sent.writes.length,
      failedWrites: sent.failed,
      rate: sent.writes.length / (sent.elapsedMs / 1000),
      p50Ms: quantile(latencies, 0.5),
      p99Ms: quantile(latencies, 0.99),
      maxMs: latencies.at(-1) ?? Number.NaN,
      lost: lost.length,
      finalMatches: shown.join() === expected.join() && freshShown.join() === expected.join(),
      heapMiB: heap.usedSize / MIB,
      rssMiB,
      wsBytes,
      wsFrames,
    };
  } finally {
    await page.close();
  }
}
