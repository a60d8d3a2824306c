import { randomBytes } from 'node:crypto';
import { expect, pageAs, test, type Page } from './fixtures';

/** The lab machines the global setup runs against the test server (tools/lab). */
interface E2eLab {
  macs: string[];
  systems: string[];
  credentials: string;
}

function lab(): E2eLab {
  return JSON.parse(process.env.RACKPILOT_E2E_LAB ?? '{"macs":[],"systems":[]}') as E2eLab;
}

/** Power-cycles a lab machine through its BMC (Redfish), as an operator does after a release. */
async function powerCycle(system: string, credentials: string): Promise<void> {
  const response = await fetch(`${system}/Actions/ComputerSystem.Reset`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ ResetType: 'ForceRestart' }),
  });
  expect(response.status).toBe(204);
}

function row(page: Page, mac: string) {
  return page.getByTestId('hardware-table').locator(`[data-testid="row"][data-key="${mac}"]`);
}

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search hardware' });
  await box.fill(text);
  await expect(page).toHaveURL(
    new RegExp(`q=${encodeURIComponent(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );
}

test('a lab machine appears as unleased, is provisioned from the browser, released and unleased again', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { macs, systems, credentials } = lab();
  const [first, second] = macs;
  if (!first || !second) throw new Error('the global setup runs lab machines (RACKPILOT_E2E_LAB)');

  // Unleased within seconds; found by a MAC in another spelling (upper case, dashes).
  await page.goto('/hardware');
  await search(page, first.toUpperCase().replace(/:/g, '-'));
  await expect(row(page, first).getByTestId('hardware-state')).toHaveAttribute('data-state', 'unleased', {
    timeout: 15_000,
  });
  await expect(row(page, first).getByTestId('last-seen')).toHaveAttribute('data-age', 'fresh');
  await expect(row(page, first)).toContainText('Dell Inc.');

  // Bulk selection across two searches.
  await row(page, first)
    .getByRole('checkbox', { name: `Select ${first}` })
    .check();
  await search(page, second);
  await expect(row(page, second).getByTestId('hardware-state')).toHaveAttribute('data-state', 'unleased', {
    timeout: 15_000,
  });
  await row(page, second)
    .getByRole('checkbox', { name: `Select ${second}` })
    .check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Provision 2' }).click();

  const dialog = page.getByTestId('provision-dialog');
  await expect(dialog.getByTestId('provision-macs')).toContainText(first);
  await expect(dialog.getByTestId('provision-macs')).toContainText(second);
  const cluster = `e2e-${randomBytes(3).toString('hex')}`;
  await dialog.getByLabel('Plunder cluster', { exact: true }).selectOption({ label: 'New cluster…' });
  await dialog.getByLabel('Cluster name').fill(cluster);
  await dialog.getByLabel('Subnet').fill('10.123.0.0/24');
  await dialog.getByLabel('Pool start (optional)').fill('10.123.0.20');
  await dialog.getByLabel('Pool end (optional)').fill('10.123.0.99');
  await dialog.getByLabel('Host name prefix (optional)').fill(cluster);
  await expect(dialog.getByLabel('IP address')).toBeDisabled();
  await dialog.getByRole('button', { name: 'Provision 2 machines' }).click();
  await expect(dialog).toBeHidden();

  // Progress streams in: claimed → provisioning → provisioned, for both machines.
  const progress = page.getByTestId('provision-progress');
  await expect(progress.getByTestId('progress-row')).toHaveCount(2);
  for (const mac of [first, second]) {
    await expect(progress.locator(`[data-mac="${mac}"]`)).toHaveAttribute('data-state', 'provisioned', {
      timeout: 60_000,
    });
  }
  await expect(progress).toContainText('10.123.0.');

  // Release the first: the machine is deleted, the host is wiped on its next boot, then unleased.
  await search(page, first);
  await expect(row(page, first).getByTestId('hardware-state')).toHaveAttribute('data-state', 'provisioned');
  // Bulk machines are named <prefix>-<n> in the order of their (sorted) MACs.
  const machine = `${cluster}-${[first, second].sort().indexOf(first) + 1}`;
  await row(page, first)
    .getByRole('button', { name: `Release ${machine}` })
    .click();
  const confirm = page.getByTestId('confirm-dialog');
  await confirm.getByTestId('confirm-input').fill(machine);
  await confirm.getByRole('button', { name: 'Release machine' }).click();
  await expect(confirm).toBeHidden();
  await expect(row(page, first).getByTestId('hardware-state')).toHaveAttribute('data-state', 'wiping', {
    timeout: 15_000,
  });
  await powerCycle(systems[0] ?? '', credentials);
  await expect(row(page, first).getByTestId('hardware-state')).toHaveAttribute('data-state', 'unleased', {
    timeout: 30_000,
  });
  await expect(row(page, first).getByRole('checkbox', { name: `Select ${first}` })).toBeEnabled();
});

test('a viewer sees the hardware but no provision, retry or release controls', async ({ browser, admin }) => {
  const [mac] = lab().macs;
  if (!mac) throw new Error('the global setup runs lab machines (RACKPILOT_E2E_LAB)');
  const page = await pageAs(browser, admin, `viewer-${randomBytes(3).toString('hex')}`, 'viewer');
  await page.goto('/hardware');
  await expect(page.getByTestId('hardware-table').locator('[data-testid="row"]').first()).toBeVisible({
    timeout: 15_000,
  });
  // Other test files' MACs share the database, so the lab's may not be on the first page: search for it.
  await search(page, mac);
  await expect(page.getByTestId('hardware-table')).toContainText(mac);
  await expect(page.getByRole('button', { name: /^Provision( \d+)?$/ })).toHaveCount(0);
  await expect(page.getByTestId('select-mac')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Release|Retry)/ })).toHaveCount(0);
  await page.context().close();
});
