import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';

const id = randomBytes(3).toString('hex');

// Query strings of links an attacker sends (finding 9): `next` as written, then as the browser decodes it.
// The full table of spellings is the unit test's (server/schemas/next-path.test.ts).
const OFF_SITE_QUERIES = [
  'next=/%09/evil.example',
  'next=/%0a/evil.example',
  'next=%2F%2Fevil.example',
  'next=/%5C/evil.example',
  'next=/.//evil.example',
  `next=${encodeURIComponent('/\t/evil.example')}`,
  `next=${encodeURIComponent('/%09/evil.example')}`,
  `next=${encodeURIComponent('javascript:alert(1)')}`,
];

test('signing in never leaves the site, whatever next says', async ({ browser, baseURL, admin }) => {
  const username = `e2e-next-${id}`;
  const created = await admin.mutate<{ password: string }>('access.createUser', { username, role: 'viewer' });
  const password = created.data?.password ?? '';
  for (const query of OFF_SITE_QUERIES) {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto(`/login?${query}`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('user-menu')).toContainText(username);
    expect(new URL(page.url()).origin, query).toBe(baseURL);
    await context.close();
  }
});
