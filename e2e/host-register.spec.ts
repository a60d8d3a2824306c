import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../server/kube/kube-request';
import type { BareMetalHost } from '../server/types/crds/bare-metal-host';
import { DEFAULT_RACK_SETTINGS } from '../server/schemas/rack-settings';
import { expect, test } from './fixtures';

interface E2eLab {
  macs: string[];
  systems: string[];
  credentials: string;
  hostNamespace: string;
}
const lab = JSON.parse(process.env.RACKPILOT_E2E_LAB ?? '{}') as E2eLab;
const kc = new KubeConfig();
kc.loadFromDefault();
const name = `added-${randomBytes(3).toString('hex')}`;
const namespace = lab.hostNamespace;

test.afterAll(async () => {
  await kubeRequestJson(kc, `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts/${name}`, {
    method: 'DELETE',
  }).catch(() => undefined);
});

test('Add host: a bad BMC address is refused at the field; a good one registers, inspects and is available', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const [username = '', password = ''] = lab.credentials.split(':');
  await page.goto('/hosts');
  await page.getByTestId('add-host').click();
  await expect(page.getByRole('heading', { name: 'Add host' })).toBeVisible();
  await page.getByLabel('Namespace').fill(namespace);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('BMC address').fill('https://10.0.0.5/redfish/v1/Systems/1');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  // The lab machine's MAC, in Cisco's spelling: stored normalised.
  const mac = lab.macs[3] ?? '';
  const hex = mac.replace(/:/g, '');
  await page
    .getByLabel('Boot MAC address')
    .fill(`${hex.slice(0, 4)}.${hex.slice(4, 8)}.${hex.slice(8)}`.toUpperCase());
  await page.getByTestId('register-host').click();
  await expect(page.getByTestId('field-bmcAddress')).toContainText('Unknown BMC type "https"');
  await expect(page).toHaveURL(/\/hosts\/new$/);

  await page.getByLabel('BMC address').fill(`redfish+${lab.systems[3] ?? ''}`);
  // Where it sits, as fields over the labels: written into the labels as typed.
  await page.getByRole('textbox', { name: 'Labels' }).fill('e2e.rackpilot.io/added=yes');
  await page.getByLabel('Rack', { exact: true }).fill(`rack-${name}`);
  await page.getByLabel('Slot (lowest U)').fill('3');
  await page.getByLabel('Height (U)').fill('2');
  await expect(page.getByRole('textbox', { name: 'Labels' })).toHaveValue(
    `e2e.rackpilot.io/added=yes\nrackpilot.io/rack=rack-${name}\n${DEFAULT_RACK_SETTINGS.slotKey}=3\n${DEFAULT_RACK_SETTINGS.heightKey}=2`,
  );
  await page.getByRole('tab', { name: 'YAML preview' }).click();
  await expect(page.getByTestId('yaml')).toContainText('password: <write-only>');
  await expect(page.getByTestId('yaml')).not.toContainText(password);
  await page.getByRole('tab', { name: 'Form' }).click();
  await page.getByTestId('dry-run').click();
  await expect(page.getByTestId('form-notice')).toContainText('dry run');
  await page.getByTestId('register-host').click();

  await expect(page).toHaveURL(new RegExp(`/hosts/${namespace}/${name}$`));
  const status = page.getByTestId('host-status').first();
  await expect(status).toHaveAttribute('data-group', 'registering', { timeout: 30_000 });
  await expect(status).toHaveAttribute('data-group', 'inspecting', { timeout: 30_000 });
  await expect(status).toHaveAttribute('data-group', 'available', { timeout: 30_000 });
  const host = await kubeRequestJson<BareMetalHost>(
    kc,
    `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts/${name}`,
  );
  expect(host.spec.bootMACAddress).toBe(mac);
  expect(host.spec.bmc?.credentialsName).toBe(`${name}-bmc-secret`);
  expect(host.metadata.labels).toEqual({
    'e2e.rackpilot.io/added': 'yes',
    'rackpilot.io/rack': `rack-${name}`,
    [DEFAULT_RACK_SETTINGS.slotKey]: '3',
    [DEFAULT_RACK_SETTINGS.heightKey]: '2',
  });
});
