import { LAB_REMOVE_ANNOTATION } from '../tools/lab/host-step-actions';
import { kubeRequestJson } from '../server/kube/kube-request';
import { simulatedHost } from './simulated-host';
import { expect, test, type Page } from './fixtures';

const { kc, namespace, host, metal3 } = simulatedHost('insp', '52:54:00:1e:00:01', '10.10.78.1');
const hostPage = `/hosts/${namespace}/${host}`;

async function inspectAgain(page: Page) {
  await page.goto(hostPage);
  await expect(page.getByTestId('host-status').first()).toHaveAttribute('data-group', 'available');
  await page.getByTestId('host-actions').click();
  await page.getByRole('menuitem', { name: 'Inspect again…' }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.getByTestId('confirm-action').click();
  await expect(dialog).toBeHidden();
}

test('inspection after the lab removes a DIMM shows the diff on the host page; the overview raises it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto(hostPage);
  await page.getByTestId('host-inspection-link').click();
  await expect(page.getByTestId('inspection-title')).toContainText(host);
  await expect(page.getByTestId('inspection-baseline')).toBeVisible({ timeout: 120_000 });

  // The simulator's test knob: the next inspection finds one DIMM's worth of memory missing.
  await kubeRequestJson(kc, `${metal3}/baremetalhosts/${host}`, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: { metadata: { annotations: { [LAB_REMOVE_ANNOTATION]: 'dimm' } } },
  });
  await inspectAgain(page);
  await page.getByTestId('host-inspection-link').click();
  const diff = page.getByTestId('inspection-latest-diff');
  await expect(diff.getByTestId('inspection-change')).toHaveCount(1, { timeout: 120_000 });
  await expect(diff.getByTestId('inspection-change')).toHaveAttribute('data-part', 'memory');
  await expect(diff).toContainText('32768 → 30720 MiB (2048 MiB less: a DIMM or more missing or failed)');
  await expect(page.getByTestId('inspection-history-row')).toHaveCount(2);

  await page.goto('/');
  const raised = page.locator(`[data-testid="lost-hardware-host"][data-host="${host}"]`);
  await expect(raised).toContainText('Memory: 32768 → 30720 MiB');
  await raised.getByRole('link').click();
  await expect(page.getByTestId('inspection-title')).toContainText(host);
  await page.getByTestId('inspection-acknowledge').click();
  await expect(page.getByTestId('inspection-acknowledged')).toContainText('acknowledged by');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(raised).toHaveCount(0);
});
