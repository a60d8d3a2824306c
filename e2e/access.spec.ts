import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { freePort } from '../tools/testenv/free-port';
import { signInAsNew } from '../tools/testenv/console-client';
import { expect, expectConsoleError, pageAs, test } from './fixtures';

const id = randomBytes(3).toString('hex');

test('an anonymous visitor is sent to sign in, and comes back to the page asked for', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/clusters');
  await expect(page).toHaveURL(/\/login\?next=%2Fclusters$/);
  await page.getByLabel('Username').fill('admin');
  expectConsoleError(/login.*status of 401/);
  await page.getByLabel('Password').fill('wrong password here');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText(
    'wrong username or password',
  );
  await page.getByLabel('Password').fill('rackpilot-test-admin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${baseURL}/clusters`);
  await expect(page.getByTestId('user-menu')).toContainText('admin');
  await context.close();
});

test('a viewer sees no create or admin controls, and a forged mutation is refused', async ({
  browser,
  admin,
}) => {
  const page = await pageAs(browser, admin, `e2e-viewer-${id}`, 'viewer');
  await page.goto('/clusters');
  await expect(page.getByTestId('user-menu')).toContainText('viewer');
  await expect(page.getByRole('heading', { name: 'Tenant clusters' })).toBeVisible();
  await expect(page.getByTestId('new-cluster')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Admin')).toHaveCount(0);
  await page.goto('/clusters/new');
  await expect(page.getByTestId('role-needed')).toContainText('operator role');

  // The same call the form would make, sent from the viewer's own page with its cookie.
  expectConsoleError(/status of 403/);
  const status = await page.evaluate(async () => {
    const response = await fetch('/api/trpc/clusters.delete', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ namespace: 'default', name: 'anything' }),
    });
    return response.status;
  });
  expect(status).toBe(403);
  await page.context().close();
});

test('an operator sees the create button but not the admin page', async ({ browser, admin }) => {
  const page = await pageAs(browser, admin, `e2e-operator-${id}`, 'operator');
  await page.goto('/clusters');
  await expect(page.getByTestId('new-cluster')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Audit')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Admin')).toHaveCount(0);
  await page.context().close();
});

test('a WebSocket opened by a page of another origin is refused', async ({ browser, baseURL, admin }) => {
  // Same host, other port: a different origin that the browser still sends the session cookie from.
  const port = await freePort();
  const evil: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<script>const ws = new WebSocket(${JSON.stringify(`${baseURL?.replace('http', 'ws')}/ws`)});` +
        `ws.onopen = () => { document.title = 'opened'; }; ws.onerror = () => { document.title = 'refused'; };</script>`,
    );
  });
  await new Promise<void>((resolve) => evil.listen(port, '127.0.0.1', resolve));
  expectConsoleError(/WebSocket connection .* 403/);
  const context = await browser.newContext();
  await context.addCookies([
    {
      name: admin.cookie.split('=')[0] ?? '',
      value: admin.cookie.split('=').slice(1).join('='),
      url: baseURL ?? '',
    },
  ]);
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  await expect(page).toHaveTitle('refused');
  await context.close();
  await new Promise((resolve) => evil.close(resolve));
});

test('the admin page mints a screen token whose URL shows the wall without signing in', async ({
  page,
  browser,
  admin,
}) => {
  await page.goto('/admin');
  // Every CRD in the test cluster is Rackpilot's: the panel of CRDs left alone says so.
  await expect(page.getByTestId('crds-left-alone-panel')).toContainText(
    'Every CRD Rackpilot serves is its own.',
  );
  await page.getByLabel('Screen name').fill(`e2e-tv-${id}`);
  await page.getByRole('button', { name: 'Mint token' }).click();
  const url = (await page.getByTestId('wall-url').textContent()) ?? '';
  expect(url).toMatch(/\/wall\?token=/);

  const tv = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const screen = await tv.newPage();
  await screen.goto(url);
  await expect(screen).toHaveURL(/\/wall$/);
  await expect(screen.getByTestId('tile-hosts')).toBeVisible();
  await expect(screen.getByTestId('user-menu')).toHaveCount(0);

  // The revoked screen's calls are refused: that is what the test is after.
  expectConsoleError(/wall: Failed to load resource: .* 401/);
  expectConsoleError(/wall: WebSocket connection .* failed/);
  await page.getByRole('button', { name: `Revoke e2e-tv-${id}` }).click();
  await expect(screen.getByTestId('wall-revoked')).toBeVisible({ timeout: 15_000 });
  await expect(screen.getByTestId('tile-hosts')).toHaveCount(0);
  await tv.close();
  // A viewer made through the API cannot reach the admin API at all.
  const viewer = await signInAsNew(admin, `e2e-noadmin-${id}`, 'viewer');
  expect((await viewer.query('access.screenTokens')).status).toBe(403);
});
