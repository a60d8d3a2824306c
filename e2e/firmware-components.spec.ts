import { kubeRequestJson } from '../server/kube/kube-request';
import type { HostFirmwareComponents } from '../server/types/crds/host-firmware-components';
import { simulatedHost } from './simulated-host';
import { expect, test } from './fixtures';

const { kc, namespace, host, metal3 } = simulatedHost('fwc', '52:54:00:f1:00:02', '10.10.77.2');

test('request a firmware update with the diff shown; the lab flashes it at the next cleaning', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(`/hosts/${namespace}/${host}/firmware`);
  const section = page.getByTestId('firmware-components');
  const row = (component: string) =>
    section.getByTestId('components-table-row').filter({ hasText: component });
  await expect(row('nic:eno1')).toBeVisible({ timeout: 90_000 });
  await expect(row('bios')).toContainText('1.0.0');

  // A name BMO refuses: said before anything is written, and the request cannot be sent.
  await page.getByTestId('component-name').fill('cpld');
  await page.getByTestId('component-url').fill('https://images.example/cpld-1.0.bin');
  await page.getByTestId('component-add').click();
  await expect(page.getByTestId('components-problems')).toContainText(
    "component cpld is invalid, only 'bmc', 'bios', or names starting with 'nic:'",
  );
  await expect(page.getByTestId('components-apply')).toBeDisabled();
  await page.getByRole('button', { name: 'Discard' }).last().click();

  await page.getByTestId('component-name').fill('bios');
  await page.getByTestId('component-url').fill('http://192.0.2.10/firmware/bios-2.1.0.bin');
  await page.getByTestId('component-add').click();
  const diff = page.getByTestId('components-diff');
  await expect(diff.getByTestId('change-row')).toHaveCount(1);
  await expect(diff).toContainText('spec.updates[bios]');
  await expect(diff).toContainText('bios-2.1.0.bin');
  await page.getByTestId('components-apply').click();
  await expect(page.getByTestId('components-written')).toContainText('Nothing is flashed now');

  const hfc = await kubeRequestJson<HostFirmwareComponents>(kc, `${metal3}/hostfirmwarecomponents/${host}`);
  expect(hfc.spec?.updates).toEqual([
    { component: 'bios', url: 'http://192.0.2.10/firmware/bios-2.1.0.bin' },
  ]);
  // The flashed version replaces the current one; the initial one stays.
  await expect(row('bios')).toContainText(/1\.0\.0\s*2\.1\.0\s*2\.1\.0/, { timeout: 90_000 });
  await expect(page.getByTestId('components-applied')).toContainText('bios-2.1.0.bin');
});
