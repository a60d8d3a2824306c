import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signInAsAdmin, signInAsNew, type ConsoleClient } from '../tools/testenv/console-client';

/** Browser console errors and uncaught page errors of the running test, from every page it opens. */
const consoleErrors: string[] = [];
/** Console errors a test provokes on purpose (a refused sign-in logs its 401). */
const expectedErrors: RegExp[] = [];

function watchPage(page: Page): void {
  page.on('console', (message) => {
    // The resource's own URL says which load failed; the page's alone does not.
    if (message.type() === 'error')
      consoleErrors.push(`${page.url()}: ${message.text()} (at ${message.location().url || 'the page'})`);
  });
  page.on('pageerror', (error) => {
    consoleErrors.push(`${page.url()}: uncaught ${error.message}`);
  });
}

function watchContext(context: BrowserContext): BrowserContext {
  context.on('page', watchPage);
  for (const page of context.pages()) watchPage(page);
  return context;
}

/** Declares that the test will make the browser log an error matching `pattern` (e.g. a refused call). */
export function expectConsoleError(pattern: RegExp): void {
  expectedErrors.push(pattern);
}

/**
 * Every spec imports `test` from here. Its `page` is signed in as the test admin (playwright.config.ts
 * storageState); `admin` is an API client signed in as the same admin, for set-up through the real API.
 * Any browser console error or uncaught page error in any page the test opens fails it.
 */
export const test = base.extend<{ admin: ConsoleClient; noConsoleErrors: undefined }>({
  noConsoleErrors: [
    async ({ browser }, use) => {
      consoleErrors.length = 0;
      expectedErrors.length = 0;
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => watchContext(await newContext(...args));
      await use(undefined);
      browser.newContext = newContext;
      const unexpected = consoleErrors.filter(
        (error) => !expectedErrors.some((pattern) => pattern.test(error)),
      );
      expect(unexpected, 'browser console errors').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context }, use) => {
    await use(watchContext(context));
  },
  admin: async ({ baseURL }, use) => {
    await use(await signInAsAdmin(baseURL ?? ''));
  },
});
export { expect, type Page };

/** A page in a fresh browser context signed in as a new user of the given role. */
export async function pageAs(
  browser: Browser,
  admin: ConsoleClient,
  username: string,
  role: 'viewer' | 'operator' | 'admin',
): Promise<Page> {
  const client = await signInAsNew(admin, username, role);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const [name, ...value] = client.cookie.split('=');
  await context.addCookies([
    { name: name ?? '', value: value.join('='), url: admin.url, httpOnly: true, sameSite: 'Lax' },
  ]);
  return context.newPage();
}
