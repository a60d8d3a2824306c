import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { expect, expectConsoleError, test, type Page } from './fixtures';
import { kubeRequestJson } from '../server/kube/kube-request';

/**
 * An Ironic with a new IronicDatabase and a self-signed certificate, created through the form with the
 * controllers running in the server: the DHCP helper refuses a range outside the network as you
 * type, the created Ironic turns Ready live in the list and on its page, and an admin can reveal
 * the generated credentials.
 */

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `e2e-ironic-${randomBytes(3).toString('hex')}`;

test.beforeAll(async () => {
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

async function live(page: Page) {
  await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-state', 'live');
}

test('create an Ironic with a new database through the form; Ready appears live', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const watcher = await context.newPage();
  await watcher.goto(`/ironic?q=${namespace}`);
  await live(watcher);
  await watcher.mouse.move(5, 5);

  await page.goto('/ironic/new');
  await live(page);
  await page.locator('[name="namespace"]').fill(namespace);
  await page.locator('[name="name"]').fill('lab');
  await page.getByTestId('tls-mode-generate').check();
  await page.locator('[name="tls.dnsName"]').fill('ironic.lab.example');
  await page.getByTestId('database-mode-new').check();
  await expect(page.locator('[name="database.name"]')).toHaveValue('lab-db');
  await page.locator('[name="networking.ipAddress"]').fill('10.89.0.1');
  await page.getByTestId('dhcp-enabled').check();
  await page.locator('[name="networking.networkCIDR"]').fill('10.89.0.1/24');
  await page.locator('[name="networking.rangeBegin"]').fill('10.89.0.10');
  // Outside the network: refused while typing, before anything is sent.
  await page.locator('[name="networking.rangeEnd"]').fill('10.89.1.100');
  await expect(page.getByTestId('error-networking.rangeEnd')).toHaveText(
    'Range end must be inside Network CIDR',
  );
  await page.locator('[name="networking.rangeEnd"]').fill('10.89.0.100');
  await expect(page.getByTestId('error-networking.rangeEnd')).toHaveCount(0);

  await page.getByRole('tab', { name: 'YAML preview' }).click();
  await expect(page.getByTestId('yaml')).toContainText('kind: IronicDatabase');
  await page.getByRole('tab', { name: 'Form' }).click();

  await page.getByTestId('create-ironic').click();
  await expect(page).toHaveURL(`/ironic/${namespace}/lab`);

  // Listed at once, then Ready once the database and the Deployment are available.
  const row = watcher.locator(`[data-key="${namespace}/lab"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('dhcp-range')).toHaveText('10.89.0.10–10.89.0.100');
  await expect(row.getByTestId('ready')).toHaveAttribute('data-status', 'True', { timeout: 90_000 });
  await expect(row.getByTestId('ready')).toHaveAttribute('data-reason', 'DeploymentAvailable');

  const banner = page.getByTestId('ready-banner');
  await expect(banner.getByTestId('ready')).toHaveAttribute('data-status', 'True');
  await expect(page.getByTestId('ready-message')).toHaveText('ironic is available');
  await expect(page.getByTestId('endpoint')).toHaveText('https://10.89.0.1:6385');
  // The Service's port is said beside the node's, and each version and image once (issue 47, item 11).
  await expect(page.getByTestId('service-endpoint')).toHaveText(
    `https://lab.${namespace}.svc (Service port 443 → the API's port 6385)`,
  );
  await expect(page.getByTestId('ironic-version')).toHaveText('latest');
  const images = await page
    .getByTestId('ironic-objects')
    .locator('tbody tr')
    .first()
    .locator('td')
    .nth(2)
    .innerText();
  expect(images.split(', ')).toEqual([...new Set(images.split(', '))]);
  await expect(page.getByTestId('ironic-objects')).toContainText('lab-service');
  await expect(page.getByTestId('database')).toContainText('lab-db-database');
  await expect(page.getByTestId('credentials-secret')).toHaveText('lab-credentials (generated)');

  await page.getByTestId('reveal-credentials').click();
  const revealed = page.getByTestId('revealed-credentials');
  await expect(revealed).toContainText('lab');
  const password = (await revealed.locator('.select-all').textContent()) ?? '';
  expect(password.length).toBeGreaterThanOrEqual(16);

  // Its IronicDatabase is listed with who uses it, and cannot be deleted while it is (issue 47 item 5).
  const database = watcher
    .getByTestId('ironic-databases')
    .getByTestId('ironic-database')
    .filter({ hasText: namespace });
  await expect(database.getByTestId('database-users')).toHaveText(`Ironic ${namespace}/lab`);
  expectConsoleError(/status of 412/);
  await database.getByTestId('delete-database').click();
  await watcher.getByTestId('confirm-input').fill('lab-db');
  await watcher.getByTestId('confirm-action').click();
  await expect(watcher.getByTestId('confirm-error')).toContainText(
    `IronicDatabase ${namespace}/lab-db is used by Ironic ${namespace}/lab: delete that Ironic first`,
  );
  await watcher.getByRole('button', { name: 'Cancel' }).click();

  // The Ironic's delete says what stays, and removes its IronicDatabase and TLS Secret when asked.
  await page.getByTestId('delete-ironic').click();
  const leftovers = page.getByTestId('leftovers');
  await expect(leftovers.locator('[data-kind="IronicDatabase"]')).toContainText('lab-db: stays');
  await page.getByTestId('also-remove').check();
  await expect(leftovers.locator('[data-kind="IronicDatabase"]')).toHaveAttribute('data-removed', 'true');
  await expect(leftovers.locator('[data-kind="TLS Secret"]')).toHaveAttribute('data-removed', 'true');
  await page.getByTestId('confirm-input').fill('lab');
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('not-found')).toContainText('has been deleted', { timeout: 60_000 });
  await expect(row).toHaveCount(0);
  await expect(database).toHaveCount(0, { timeout: 60_000 });
});
