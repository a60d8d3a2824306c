// Where bench:console's live tabs open. Headless Chromium opens a context's pages as tabs of one
// window and draws only the last one opened at the display's rate: the others' frames were drawn
// about once a second, so their paints waited up to a second (docs/decisions.md). A viewer watches a
// tab they can see, so by default each tab gets a window (a context) of its own.
import type { BrowserContext } from '@playwright/test';

/** A window per tab from `newWindow`, or every tab in `shared` (as before; `--one-window`). */
export type Windows = { newWindow: () => Promise<BrowserContext> } | { shared: BrowserContext };

/** Hands out the tabs' windows and closes the ones it opened. */
export function windowOpener(windows: Windows) {
  const opened: BrowserContext[] = [];
  return {
    next: async (): Promise<BrowserContext> => {
      if ('shared' in windows) return windows.shared;
      const context = await windows.newWindow();
      opened.push(context);
      return context;
    },
    closeOpened: async () => {
      for (const context of opened) await context.close();
    },
  };
}
