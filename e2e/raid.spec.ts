import { kubeRequestJson } from '../server/kube/kube-request';
import type { BareMetalHost } from '../server/types/crds/bare-metal-host';
import { simulatedHost } from './simulated-host';
import { expect, test } from './fixtures';

const { kc, namespace, host, metal3 } = simulatedHost('raid', '52:54:00:f1:00:02', '10.10.77.2');

test('edit a RAID layout with the diff shown; the lab makes it at the next cleaning', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`/hosts/${namespace}/${host}`);
  await page.getByTestId('host-raid-link').click();
  await expect(page.getByTestId('raid-title')).toContainText(host);
  await expect(page.getByTestId('raid-state')).toHaveText('available', { timeout: 90_000 });
  await expect(page.getByTestId('raid-takes-effect')).toContainText('nothing waits');

  await page.getByTestId('raid-kind-hardware').check();
  await page.getByTestId('raid-add-volume').click();
  await page.getByTestId('raid-field-hardwareRAIDVolumes[0].physicalDisks').fill('Disk.0, Disk.1');
  await expect(page.getByTestId('raid-problem')).toHaveText(
    "'physicalDisks' specified without 'controller' in hardware RAID volume 0",
  );
  await expect(page.getByTestId('raid-write')).toBeDisabled();
  await page.getByTestId('raid-field-hardwareRAIDVolumes[0].controller').fill('RAID.Integrated.1-1');
  await expect(page.getByTestId('raid-problem')).toHaveCount(0);
  await page.getByTestId('raid-add-volume').click();
  await page.getByTestId('raid-field-hardwareRAIDVolumes[1].level').selectOption('5');
  await page.getByTestId('raid-field-hardwareRAIDVolumes[1].sizeGibibytes').fill('200');

  const diff = page.getByTestId('raid-diff');
  await expect(diff.getByTestId('change-row')).toHaveCount(1);
  await expect(diff).toContainText('spec.raid');
  await expect(diff).toContainText('RAID.Integrated.1-1');
  await expect(diff).toContainText('"sizeGibibytes":200');
  await page.getByTestId('raid-write').click();
  await expect(page.getByTestId('raid-written')).toBeVisible();

  const written = await kubeRequestJson<BareMetalHost>(kc, `${metal3}/baremetalhosts/${host}`);
  expect(written.spec.raid).toEqual({
    hardwareRAIDVolumes: [
      { level: '1', controller: 'RAID.Integrated.1-1', physicalDisks: ['Disk.0', 'Disk.1'] },
      { level: '5', sizeGibibytes: 200 },
    ],
  });
  await expect(page.getByTestId('raid-applied-row')).toHaveCount(2, { timeout: 90_000 });
  await expect(page.getByTestId('raid-pending')).toHaveText('no');
  await expect(page.getByTestId('raid-applied')).toContainText('controller RAID.Integrated.1-1');
});
