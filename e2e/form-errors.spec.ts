import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../server/kube/kube-request';
import { expect, test, type Page } from './fixtures';

/**
 * A form's errors sit on the field the user can fix, in the user's words: a name already in use is
 * reported on Name (not as a clash of a Secret the console would create with it), the Ironic form
 * names its fields by their labels (not by API paths), and "N field(s) need attention" counts the
 * fields marked.
 */

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const namespace = `e2e-form-errors-${id}`;

async function post(path: string, body: unknown): Promise<void> {
  await kubeRequestJson(kc, path, { method: 'POST', body });
}

test.beforeAll(async () => {
  await post('/api/v1/namespaces', { metadata: { name: namespace } });
  // What an earlier Ironic "taken" left: the Ironic itself and the TLS Secret the form generated for it.
  await post(`/apis/metal3.io/v1alpha1/namespaces/${namespace}/ironics`, {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'Ironic',
    metadata: { name: 'taken' },
    spec: {},
  });
  for (const name of ['taken-tls', 'left-tls', 'taken-bmc-secret', 'left-bmc-secret']) {
    await post(`/api/v1/namespaces/${namespace}/secrets`, { metadata: { name }, stringData: { x: 'y' } });
  }
  await post(`/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`, {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name: 'taken' },
    spec: { online: false },
  });
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

const live = (page: Page) =>
  expect(page.getByTestId('connection-badge')).toHaveAttribute('data-state', 'live');

/** The errors the form shows under its fields and groups. */
const marks = (page: Page) => page.locator('form [role="alert"][data-testid^="error-"]');

async function ironicForm(page: Page, name: string) {
  await page.goto('/ironic/new');
  await live(page);
  await page.locator('[name="namespace"]').fill(namespace);
  await page.locator('[name="name"]').fill(name);
  await page.getByTestId('tls-mode-generate').check();
  await page.locator('[name="tls.dnsName"]').fill('ironic.example');
  await page.getByTestId('database-mode-none').check();
}

test('an Ironic name in use is reported on Name, as an Ironic, and only there', async ({ page }) => {
  await ironicForm(page, 'taken');
  await page.getByTestId('create-ironic').click();
  await expect(page.getByTestId('error-name')).toHaveText(
    `An Ironic named taken already exists in namespace ${namespace}`,
  );
  await expect(marks(page)).toHaveCount(1);
  await expect(page.getByTestId('error-tls.dnsName')).toHaveCount(0);

  // No Ironic "left", but the TLS Secret the form would make for it is there: still the name's problem.
  await page.locator('[name="name"]').fill('left');
  await page.getByTestId('create-ironic').click();
  await expect(page.getByTestId('error-name')).toContainText('Name left is in use');
  await expect(page.getByTestId('error-name')).toContainText('TLS Secret left-tls');
  await expect(page.getByTestId('error-tls.dnsName')).toHaveCount(0);
});

test('a host name in use is reported on Name as the host, not as its credentials Secret', async ({
  page,
}) => {
  await page.goto('/hosts/new');
  await page.getByLabel('Namespace').fill(namespace);
  await page.getByLabel('Name', { exact: true }).fill('taken');
  await page.getByLabel('BMC address').fill('redfish+https://10.96.0.1/redfish/v1/Systems/1');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('secret');
  await page
    .getByLabel('Boot MAC address')
    .fill(`3c:ec:ef:${id.slice(0, 2)}:${id.slice(2, 4)}:${id.slice(4)}`);
  await page.getByTestId('register-host').click();
  await expect(page.getByTestId('error-name')).toHaveText(
    `A BareMetalHost named taken already exists in namespace ${namespace}`,
  );
  await page.getByLabel('Name', { exact: true }).fill('left');
  await page.getByTestId('register-host').click();
  await expect(page.getByTestId('error-name')).toContainText('Name left is in use');
  await expect(page.getByTestId('error-name')).toContainText('BMC credentials Secret left-bmc-secret');
});

test('the Ironic form names its fields by their labels, and the count of fields needing attention is the count marked', async ({
  page,
}) => {
  await ironicForm(page, `fresh-${id}`);
  await page.locator('[name="networking.ipAddress"]').fill('10.89.3.1');
  await page.getByTestId('dhcp-enabled').check();
  await page.locator('[name="networking.networkCIDR"]').fill('10.89.0.0/24');
  await page.locator('[name="networking.rangeBegin"]').fill('10.89.0.10');
  await page.locator('[name="networking.rangeEnd"]').fill('10.89.1.100');
  await expect(page.getByTestId('error-networking.rangeEnd')).toHaveText(
    'Range end must be inside Network CIDR',
  );
  await page.getByTestId('create-ironic').click();
  await expect(page.getByTestId('error-networking.ipAddress')).toHaveText(
    'Provisioning IP must be inside Network CIDR',
  );
  await expect(page.locator('form')).not.toContainText('spec.');
  const count = await marks(page).count();
  await expect(page.getByTestId('form-error')).toContainText(
    `Nothing was created: ${String(count)} field(s) need attention.`,
  );

  // An empty form: every field it marks is counted, and nothing it counts is unmarked.
  await page.goto('/ironic/new');
  await live(page);
  await page.getByTestId('dhcp-enabled').check();
  // Leaving the checkbox shows its group's error, which moves the buttons down: click once settled.
  await page.getByTestId('dhcp-enabled').blur();
  await expect(page.getByTestId('error-networking.dhcp')).toBeVisible();
  await page.getByTestId('create-ironic').click();
  await expect(page.getByTestId('error-name')).toBeVisible();
  await expect(page.getByTestId('form-error')).toContainText(
    `Nothing was created: ${String(await marks(page).count())} field(s) need attention.`,
  );
});
