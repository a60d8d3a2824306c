import type { BrowserContext } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { windowOpener } from './live-windows';

/** A context that only records whether it was closed: all windowOpener touches. */
function fakeContext(): BrowserContext & { closed: boolean } {
  const context = {
    closed: false,
    close: () => {
      context.closed = true;
      return Promise.resolve();
    },
  };
  return context as unknown as BrowserContext & { closed: boolean };
}

describe('the live tabs’ windows', () => {
  it('gives each tab a window of its own and closes those it opened', async () => {
    const made: ReturnType<typeof fakeContext>[] = [];
    const windows = windowOpener({
      newWindow: () => {
        const context = fakeContext();
        made.push(context);
        return Promise.resolve(context);
      },
    });
    const first = await windows.next();
    const second = await windows.next();
    expect(first).not.toBe(second);
    await windows.closeOpened();
    expect(made.map((context) => context.closed)).toEqual([true, true]);
  });

  it('puts every tab in a shared window and leaves it open', async () => {
    const shared = fakeContext();
    const windows = windowOpener({ shared });
    expect(await windows.next()).toBe(shared);
    expect(await windows.next()).toBe(shared);
    await windows.closeOpened();
    expect(shared.closed).toBe(false);
  });
});
