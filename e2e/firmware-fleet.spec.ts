import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../server/kube/kube-request';
import type { HostFirmwareSettings } from '../server/types/crds/host-firmware-settings';
import { expect, test } from './fixtures';

const lab = JSON.parse(process.env.RACKPILOT_E2E_LAB ?? '{}') as { hostNamespace: string };
const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = lab.hostNamespace;
const id = randomBytes(2).toString('hex');
const prefix = `drift-${id}`;
const names = Array.from({ length: 12 }, (_, index) => `${prefix}-${String(index + 1).padStart(2, '0')}`);
/** Hosts whose SR-IOV someone switched on by hand before the test: the drift. */
const changed = names.slice(0, 3);
const metal3 = `/apis/metal3.io/v1alpha1/namespaces/${namespace}`;
/** The values the host reports; none while the lab has not written its HostFirmwareSettings yet. */
async function settingsOf(name: string): Promise<Record<string, string>> {
  try {
    const hfs = await kubeRequestJson<HostFirmwareSettings>(kc, `${metal3}/hostfirmwaresettings/${name}`);
    return hfs.status?.settings ?? {};
  } catch {
    return {};
  }
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // Twelve hosts of one model that the lab's operator registers and inspects (simulated BMCs).
  for (const [index, name] of names.entries()) {
    await kubeRequestJson(kc, `${metal3}/baremetalhosts`, {
      method: 'POST',
      body: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'BareMetalHost',
        metadata: { name },
        spec: {
          online: true,
          bootMACAddress: `52:54:00:f2:00:${(index + 1).toString(16).padStart(2, '0')}`,
          bmc: {
            address: `redfish+https://10.10.78.${String(index + 1)}/redfish/v1/Systems/1`,
            credentialsName: `${name}-bmc`,
          },
        },
      },
    });
  }
  for (const name of names) {
    await expect
      .poll(async () => Object.keys(await settingsOf(name)).length, { timeout: 150_000 })
      .toBeGreaterThan(0);
  }
  for (const name of changed) {
    await kubeRequestJson(kc, `${metal3}/hostfirmwaresettings/${name}`, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: { spec: { settings: { SriovGlobalEnable: 'Enabled' } } },
    });
  }
  for (const name of changed) {
    await expect
      .poll(async () => (await settingsOf(name)).SriovGlobalEnable, { timeout: 150_000 })
      .toBe('Enabled');
  }
});

test.afterAll(async () => {
  for (const name of names) {
    await kubeRequestJson(kc, `${metal3}/baremetalhosts/${name}`, { method: 'DELETE' }).catch(
      () => undefined,
    );
  }
});

test('apply a baseline to 12 lab hosts of one model and see the drift count go to 0', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto(`/hosts?q=${prefix}`);
  await page.getByTestId('hosts-firmware-link').click();
  await expect(page).toHaveURL(new RegExp(`/firmware\\?q=${prefix}$`));
  const group = page.getByTestId('fleet-group');
  await expect(group).toHaveCount(1);
  await expect(group.getByTestId('fleet-host-count')).toHaveText('12');
  await expect(group.getByTestId('drift-count')).toHaveText('3');
  await expect(group.getByTestId('fleet-settings')).toContainText('read-only: not applicable');

  // A baseline from the majority, checked against the schema as it is edited.
  await group.getByTestId('baseline-from-majority').click();
  const editor = page.getByTestId('baseline-editor');
  await editor.getByTestId('baseline-name').fill(`std-${id}`);
  await editor.getByTestId('setting-input-PxeDev1VlanId').fill('5000');
  await expect(editor.getByTestId('setting-problem-PxeDev1VlanId')).toHaveText(
    'PxeDev1VlanId: 5000 is above the highest allowed value, 4094',
  );
  await expect(editor.getByTestId('baseline-save')).toBeDisabled();
  await editor.getByTestId('setting-input-PxeDev1VlanId').fill('0');
  await editor.getByTestId('baseline-save').click();
  await expect(page).toHaveURL(/baseline=[0-9a-f-]{36}/);
  const baselineUrl = page.url();
  await expect(group.getByTestId('baseline-choice')).toHaveValue(/[0-9a-f-]{36}/);
  await expect(group.getByTestId('drift-count')).toHaveText('3');

  await group.getByTestId('baseline-apply').click();
  const dialog = page.getByTestId('bulk-confirm');
  await expect(dialog.getByTestId('bulk-count')).toHaveText('12');
  await expect(dialog.getByTestId('bulk-firmware-settings')).toContainText('SriovGlobalEnable');
  await dialog.getByTestId('bulk-start').click();
  await expect(page).toHaveURL(/\/bulk\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('bulk-state')).toHaveText('finished', { timeout: 60_000 });
  await expect(page.getByTestId('bulk-progress')).toHaveText('12 of 12 · 3 done, 9 skipped');

  await page.goto(baselineUrl);
  await expect(page.getByTestId('fleet-group').getByTestId('drift-count')).toHaveText('0', {
    timeout: 150_000,
  });
});
