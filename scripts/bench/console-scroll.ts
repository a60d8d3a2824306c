// bench:console's scrolling phases: every page of a paged list, or a pan over a view drawn whole (the
// racks), with the wheel; both read the long tasks, long animation frames and main-thread time meanwhile.
import { writeFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { firstFrameWhere, nextFrame, openView, probe } from './console-phases';
import type { ConsoleView } from './console-views';
import { summariseLongFrames, type LongFrameSummary } from './long-frames';
import { busySince, elementsPerRow, tabBusy, type TabBusy } from './tab-costs';

export interface ScrollFigures {
  /** Pages of the list scrolled; for a pan, the screens' worth panned (down and back up). */
  pages: number;
  longTasks: number;
  longestTaskMs: number;
  /** The long animation frames meanwhile: script against style and layout, and which scripts. */
  frames: LongFrameSummary;
  /** The tab's main-thread time while scrolling, in ms (Chrome's Performance.getMetrics deltas). */
  busy: TabBusy;
  /**
   * Elements in one row of the table, the row included (the mean over the rows rendered at the end);
   * for a pan, elements per object drawn (one host's box with what is in it).
   */
  elementsPerRow: number;
}

/**
 * Runs `scroll` on an open page and reads what the tab spent meanwhile. With `profileTo`, writes the
 * tab's V8 CPU profile of it there (Chrome DevTools' .cpuprofile format).
 */
async function measureScrolling(
  context: BrowserContext,
  page: Page,
  profileTo: string | undefined,
  scroll: () => Promise<{ pages: number; elementsPerRow: () => Promise<number> }>,
): Promise<ScrollFigures> {
  const before = await probe(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const busyBefore = await tabBusy(cdp);
  if (profileTo) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const scrolled = await scroll();
  const after = await probe(page);
  const busyAfter = await tabBusy(cdp);
  if (profileTo) {
    const { profile } = await cdp.send('Profiler.stop');
    await writeFile(profileTo, JSON.stringify(profile));
  }
  const tasks = after.longTasks.slice(before.longTasks.length).map((task) => task.duration);
  return {
    pages: scrolled.pages,
    longTasks: tasks.length,
    longestTaskMs: Math.max(0, ...tasks),
    frames: summariseLongFrames(after.frames.slice(before.frames.length)),
    busy: busySince(busyBefore, busyAfter),
    elementsPerRow: await scrolled.elementsPerRow(),
  };
}

/** One wheel step, then two frames for the tab to paint it. */
async function wheel(page: Page, deltaY: number): Promise<void> {
  await page.mouse.wheel(0, deltaY);
  await nextFrame(page);
  await nextFrame(page);
}

/**
 * Wheels `position` (where the scroller is: its top and how far it can go) to the end it heads for,
 * 600 px a step; gives up when the wheel stops moving it.
 */
async function wheelToEnd(
  page: Page,
  down: boolean,
  position: () => Promise<{ top: number; end: number }>,
  what: string,
): Promise<void> {
  let last = Number.NaN;
  let still = 0;
  for (;;) {
    const at = await position();
    if (down ? at.top >= at.end - 1 : at.top <= 0) return;
    still = at.top === last ? still + 1 : 0;
    if (still > 20) throw new Error(`${what}: the wheel no longer scrolls`);
    last = at.top;
    await wheel(page, down ? 600 : -600);
  }
}

async function rangeText(page: Page): Promise<string> {
  return (await page.getByTestId('range').textContent()) ?? '';
}

/**
 * Scrolls a list shown 250 rows a page from its first row to its last, page after page (down one
 * page, Next, up the next), with the mouse wheel.
 */
export async function scrollEveryPage(
  context: BrowserContext,
  view: ConsoleView,
  maxPages: number,
  profileTo?: string,
): Promise<ScrollFigures> {
  const list = view.list;
  if (!list) throw new Error(`${view.name} is not a list`);
  const { page } = await openView(context, view, `${view.path}?size=250`);
  try {
    return await measureScrolling(context, page, profileTo, async () => {
      const scroller = page.locator(`${list.table} .overflow-auto`);
      const position = () =>
        scroller.evaluate((element) => ({
          top: element.scrollTop,
          end: element.scrollHeight - element.clientHeight,
        }));
      const total = Number(/of (\d+)/.exec(await rangeText(page))?.[1] ?? 0);
      const pages = Math.min(maxPages, Math.ceil(total / 250));
      for (let index = 1; index <= pages; index++) {
        // The wheel scrolls what is under the pointer; the Next button took it away.
        await scroller.hover();
        await wheelToEnd(page, index % 2 === 1, position, `${view.name} page ${index}`);
        if (index === pages) break;
        await page.getByRole('button', { name: 'Next ›' }).click();
        await firstFrameWhere(
          page,
          `document.querySelector('[data-testid="range"]')?.textContent.startsWith('${index * 250 + 1}–')`,
        );
      }
      return { pages, elementsPerRow: () => elementsPerRow(page, list.table) };
    });
  } finally {
    await page.close();
  }
}

/**
 * Pans a view drawn whole (the page itself scrolls) from its top to its bottom and back with the
 * mouse wheel, the pointer resting on `view.pan`.
 */
export async function panView(
  context: BrowserContext,
  view: ConsoleView,
  profileTo?: string,
): Promise<ScrollFigures> {
  const over = view.pan;
  if (!over) throw new Error(`${view.name} is not panned`);
  const { page } = await openView(context, view);
  try {
    return await measureScrolling(context, page, profileTo, async () => {
      const position = () =>
        page.evaluate(() => {
          const root = document.scrollingElement ?? document.documentElement;
          return {
            top: root.scrollTop,
            end: root.scrollHeight - root.clientHeight,
            screen: root.clientHeight,
          };
        });
      await page.locator(over).hover({ position: { x: 20, y: 20 } });
      const { end, screen } = await position();
      await wheelToEnd(page, true, position, `${view.name} down`);
      await wheelToEnd(page, false, position, `${view.name} up`);
      return {
        pages: Math.round((2 * end) / Math.max(1, screen)),
        elementsPerRow: () =>
          page.evaluate((selector) => {
            const boxes = [...document.querySelectorAll(selector)];
            const elements = boxes.reduce((sum, box) => sum + 1 + box.querySelectorAll('*').length, 0);
            return boxes.length > 0 ? elements / boxes.length : 0;
          }, view.firstSelector),
      };
    });
  } finally {
    await page.close();
  }
}
