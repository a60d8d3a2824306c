import { test as base, type Browser, type Page } from '@playwright/test';
import { signInAsAdmin, signInAsNew, type ConsoleClient } from '../tools/testenv/console-client';

/**
 * Every spec imports `test` from here. Its `page` is signed in as the test admin (playwright.config.ts
 * storageState); `admin` is an API client signed in as the same admin, for set-up through the real API.
 */
export const test = base.extend<{ admin: ConsoleClient }>({
  admin: async ({ baseURL }, use) => {
    await use(await signInAsAdmin(baseURL ?? ''));
  },
});
export { expect, type Page } from '@playwright/test';

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
