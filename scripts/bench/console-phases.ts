// What bench:console does in the browser, one phase at a time: open a view and type a filter (live
// updates: console-live.ts; scrolling and panning: console-scroll.ts).
import type { BrowserContext, Page } from '@playwright/test';
import { consoleProbeSource, PROBE_READ, type ProbeRecord } from './console-probe';
import type { ConsoleView } from './console-views';

const WAIT_MS = 120_000;

export function probe(page: Page): Promise<ProbeRecord> {
  return page.evaluate<ProbeRecord>(PROBE_READ);
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
  // A machine loaded by other benchmarks took longer than Playwright's 30 s to load a page of hosts.
  await page.goto(path, { timeout: 180_000 });
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
