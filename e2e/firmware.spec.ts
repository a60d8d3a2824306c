import { kubeRequestJson } from '../server/kube/kube-request';
import type { HostFirmwareSettings } from '../server/types/crds/host-firmware-settings';
import { simulatedHost } from './simulated-host';
import { expect, test } from './fixtures';

const { kc, namespace, host, metal3 } = simulatedHost('fw', '52:54:00:f1:00:01', '10.10.77.1');

test('edit two firmware settings with the diff shown; the lab applies them at the next cleaning', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(`/hosts/${namespace}/${host}`);
  await page.getByTestId('host-firmware-link').click();
  await expect(page.getByTestId('firmware-title')).toContainText(host);
  const row = (name: string) => page.locator(`[data-testid="firmware-setting-row"][data-setting="${name}"]`);
  await expect(row('LogicalProc')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('firmware-read-only')).toHaveCount(0);

  await page.getByTestId('firmware-search').fill('Pxe');
  await expect(row('LogicalProc')).toHaveCount(0);
  await page.getByTestId('setting-input-PxeDev1VlanId').fill('5000');
  await expect(page.getByTestId('setting-problem-PxeDev1VlanId')).toHaveText(
    'PxeDev1VlanId: 5000 is above the highest allowed value, 4094',
  );
  await expect(page.getByTestId('firmware-apply')).toBeDisabled();
  await page.getByTestId('setting-input-PxeDev1VlanId').fill('120');
  await page.getByTestId('firmware-search').fill('');
  await page.getByTestId('setting-input-LogicalProc').selectOption('Disabled');

  const diff = page.getByTestId('firmware-diff');
  await expect(diff.getByTestId('change-row')).toHaveCount(2);
  await expect(diff).toContainText('LogicalProc');
  await expect(diff).toContainText('Disabled');
  await expect(diff).toContainText('120');
  await page.getByTestId('firmware-apply').click();
  await expect(page.getByTestId('firmware-written')).toBeVisible();

  const hfs = await kubeRequestJson<HostFirmwareSettings>(kc, `${metal3}/hostfirmwaresettings/${host}`);
  expect(hfs.spec?.settings).toEqual({ LogicalProc: 'Disabled', PxeDev1VlanId: 120 });
  for (const [name, value] of [
    ['LogicalProc', 'Disabled'],
    ['PxeDev1VlanId', '120'],
  ] as const) {
    await expect(row(name)).toHaveAttribute('data-state', 'applied', { timeout: 90_000 });
    await expect(row(name).getByTestId('current')).toHaveText(value);
  }
});
