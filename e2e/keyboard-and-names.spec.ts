import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../server/kube/kube-request';
import { signInAsNew } from '../tools/testenv/console-client';
import { createNamespaceWithHosts } from '../tools/testenv/namespace-with-hosts';
import { expect, test } from './fixtures';

/**
 * The smaller things a keyboard or screen-reader user meets first: a skip link, tabs that follow the
 * arrow keys, admin buttons that name the user they act on, one's own session marked, and the
 * Placement pages saying which Placement they are.
 */

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const namespace = `e2e-keys-${id}`;

test.beforeAll(async () => {
  await createNamespaceWithHosts(kc, namespace, [{ name: 'tabs', spec: { online: false } }]);
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

test('the first Tab stop skips to the page, past the header', async ({ page }) => {
  await page.goto('/hosts');
  await expect(page.getByTestId('search')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('tabs move with the arrow keys, Home and End, and are one Tab stop', async ({ page }) => {
  await page.goto(`/hosts/${namespace}/tabs`);
  const overview = page.getByRole('tab', { name: 'Overview' });
  await expect(overview).toHaveAttribute('aria-selected', 'true');
  await overview.focus();
  await page.keyboard.press('ArrowRight');
  const hardware = page.getByRole('tab', { name: 'Hardware' });
  await expect(hardware).toBeFocused();
  await expect(hardware).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'YAML' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(overview).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Events' })).toHaveAttribute('tabindex', '-1');
});

test("the admin's buttons name the user they act on, and one's own session is marked", async ({
  page,
  admin,
}) => {
  const username = `e2e-keys-${id}`;
  await signInAsNew(admin, username, 'viewer');
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: `Reset password of ${username}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${username}` })).toBeVisible();
  await expect(page.getByTestId('sessions').getByTestId('own-session')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign out this session' })).toHaveCount(1);
});

test("the Placement pages say they are OpenStack's Placement API", async ({ page }) => {
  await page.goto('/placement');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('OpenStack Placement API');
});

test('lists use a wide screen: the hosts table is not held to 1280 px at 1920 × 1080', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/hosts');
  const table = page.getByTestId('hosts-table');
  await expect(table).toBeVisible();
  const box = await table.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(1700);
});
