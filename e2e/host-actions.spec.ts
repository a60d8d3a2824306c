import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { expect, pageAs, test, type Page } from './fixtures';
import { kubeRequestJson } from '../server/kube/kube-request';
import type { BareMetalHost } from '../server/types/crds/bare-metal-host';
import { DEFAULT_RACK_SETTINGS } from '../server/schemas/rack-settings';
import type { AuditRow } from '../server/api/access/audit-query';

interface E2eLab {
  macs: string[];
  systems: string[];
  credentials: string;
  hostNamespace: string;
}
const lab = JSON.parse(process.env.RACKPILOT_E2E_LAB ?? '{}') as E2eLab;
const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(2).toString('hex');
const namespace = lab.hostNamespace;
const hostsPath = `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`;
// The global setup's last three lab machines: their BMCs answer Redfish, so power really switches.
const hosts = [4, 5, 6].map((index) => ({
  name: `act-${id}-${index}`,
  mac: lab.macs[index] ?? '',
  system: lab.systems[index] ?? '',
}));
const [first, second, third] = hosts as [(typeof hosts)[0], (typeof hosts)[0], (typeof hosts)[0]];

const getHost = (name: string) => kubeRequestJson<BareMetalHost>(kc, `${hostsPath}/${name}`);

async function bmcSystem(
  system: string,
): Promise<{ PowerState: string; Oem: { RackpilotLab: { boots: number } } }> {
  const response = await fetch(system, {
    headers: { authorization: `Basic ${Buffer.from(lab.credentials).toString('base64')}` },
  });
  return (await response.json()) as { PowerState: string; Oem: { RackpilotLab: { boots: number } } };
}

test.beforeAll(async () => {
  const [username = '', password = ''] = lab.credentials.split(':');
  for (const host of hosts) {
    await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}/secrets`, {
      method: 'POST',
      body: { metadata: { name: `${host.name}-bmc` }, type: 'Opaque', stringData: { username, password } },
    });
    await kubeRequestJson(kc, hostsPath, {
      method: 'POST',
      body: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'BareMetalHost',
        metadata: { name: host.name },
        spec: {
          online: true,
          bootMACAddress: host.mac,
          bmc: { address: `redfish+${host.system}`, credentialsName: `${host.name}-bmc` },
        },
      },
    });
  }
});

test.afterAll(async () => {
  for (const host of hosts) {
    await kubeRequestJson(kc, `${hostsPath}/${host.name}`, { method: 'DELETE' }).catch(() => undefined);
  }
});

const status = (page: Page) => page.getByTestId('host-status').first();

async function act(page: Page, action: string) {
  await page.getByTestId('host-actions').click();
  await page.getByRole('menuitem', { name: `${action}…` }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText(first.name);
  await dialog.getByTestId('confirm-action').click();
  await expect(dialog).toBeHidden();
}

test('power off, power on, restart, detach and attach from the host page, each shown pending then done', async ({
  page,
  admin,
}) => {
  test.setTimeout(180_000);
  await page.goto(`/hosts/${namespace}/${first.name}`);
  // The lab's host operator registers and inspects the new host, and powers it on through its BMC.
  await expect(status(page)).toHaveAttribute('data-group', 'available', { timeout: 60_000 });
  await expect(status(page)).toContainText('Powered on');

  await act(page, 'Power off');
  await expect(status(page)).toContainText('Powered on · power-off pending');
  await expect(status(page)).toContainText(/Powered off$/, { timeout: 30_000 });
  expect((await getHost(first.name)).spec.online).toBe(false);
  expect((await bmcSystem(first.system)).PowerState).toBe('Off');

  await act(page, 'Power on');
  await expect(status(page)).toContainText('Powered off · power-on pending');
  await expect(status(page)).toContainText(/Powered on$/, { timeout: 30_000 });
  expect((await bmcSystem(first.system)).PowerState).toBe('On');

  const boots = (await bmcSystem(first.system)).Oem.RackpilotLab.boots;
  await act(page, 'Restart');
  await expect(status(page)).toContainText('restart pending');
  await expect(status(page)).toContainText('Powered off · power-on pending', { timeout: 30_000 });
  await expect(status(page)).not.toContainText('restart pending', { timeout: 30_000 });
  expect((await getHost(first.name)).metadata.annotations?.['reboot.metal3.io']).toBeUndefined();
  // The machine boots again once its firmware self-test is over.
  await expect
    .poll(async () => (await bmcSystem(first.system)).Oem.RackpilotLab.boots)
    .toBeGreaterThan(boots);

  await act(page, 'Detach');
  await expect(status(page)).toContainText('detach pending');
  await expect(status(page)).toHaveAttribute('data-group', 'detached', { timeout: 30_000 });
  await act(page, 'Attach');
  await expect(status(page)).toHaveAttribute('data-group', 'available', { timeout: 30_000 });

  const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'host.' });
  const mine = (audit.data?.rows ?? []).filter((row) => row.target === `${namespace}/${first.name}`);
  expect(mine.map((row) => [row.action, row.result]).reverse()).toEqual([
    ['host.powerOff', 'ok'],
    ['host.powerOn', 'ok'],
    ['host.restart', 'ok'],
    ['host.detach', 'ok'],
    ['host.attach', 'ok'],
  ]);
});

test('the actions menu and its dialogs work with the keyboard alone, and Escape closes them', async ({
  page,
}) => {
  await page.goto(`/hosts/${namespace}/${second.name}`);
  await expect(status(page)).toHaveAttribute('data-group', 'available', { timeout: 60_000 });
  await page.getByTestId('host-actions').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByTestId('host-actions')).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Restart…' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText(`Power off ${second.name}?`);
  await expect(dialog.getByTestId('confirm-action')).toBeFocused();
  // Focus stays in the modal: Tab cycles between its two buttons.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('host-actions')).toBeFocused();
  expect((await getHost(second.name)).spec.online).toBe(true);
});

test('a bulk power-off of three hosts from the list reports per host', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/hosts?q=${id}`);
  for (const host of hosts) {
    const row = page.getByRole('row').filter({ hasText: host.name });
    await expect(row.getByTestId('host-status')).toContainText(/Powered on$/, { timeout: 60_000 });
    await row.getByRole('checkbox', { name: `Select ${host.name}` }).check();
  }
  await page.getByTestId('bulk-actions').getByRole('button', { name: 'Power off' }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog.getByTestId('action-hosts')).toHaveText(
    hosts.map((host) => `${namespace}/${host.name}`).join(''),
  );
  await dialog.getByTestId('confirm-action').click();
  await expect(page.getByTestId('action-result')).toContainText('Power off: 3 done, 0 refused');
  await page.getByTestId('action-result').getByRole('button', { name: 'Close' }).click();
  for (const host of hosts) {
    const row = page.getByRole('row').filter({ hasText: host.name });
    await expect(row.getByTestId('host-status')).toContainText(/Powered off$/, { timeout: 30_000 });
    expect((await getHost(host.name)).spec.online).toBe(false);
  }
});

/** Adds a label row in the open labels dialog, first with a bad key or value that the field refuses. */
async function addLabel(page: Page, key: string, value: string, bad: { key?: string; value?: string }) {
  const dialog = page.getByTestId('labels-dialog');
  await dialog.getByRole('button', { name: 'Add label' }).click();
  const keyField = dialog.getByRole('textbox', { name: /^Key of label/ }).last();
  const valueField = dialog.getByRole('textbox', { name: /^Value of label/ }).last();
  await keyField.fill(bad.key ?? key);
  await valueField.fill(bad.value ?? value);
  await expect(bad.key ? keyField : valueField).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toContainText(
    bad.key ? 'A label key name uses letters, digits' : 'A label value uses letters, digits',
  );
  await expect(dialog.getByRole('button', { name: 'Save labels' })).toBeDisabled();
  await keyField.fill(key);
  await valueField.fill(value);
  await dialog.getByRole('button', { name: 'Save labels' }).click();
  await expect(dialog).toBeHidden();
}

test('Edit labels from the host page and from the list row menu: one dialog, Kubernetes rules, audited', async ({
  page,
  admin,
}) => {
  const labelsOf = async () => (await getHost(third.name)).metadata.labels ?? {};
  await page.goto(`/hosts/${namespace}/${third.name}`);
  // A settled host: a status write while the dialog is open would make the save a conflict.
  await expect(status(page)).toContainText(/Powered (on|off)$/, { timeout: 60_000 });
  await page.getByTestId('host-actions').click();
  await page.getByRole('menuitem', { name: 'Edit labels…' }).click();
  // Where the host sits: the slot is checked as the rack view reads it, and kept in its label.
  const slot = page.getByTestId('labels-dialog').getByLabel('Slot (lowest U)');
  await slot.fill('43');
  await expect(page.getByTestId('labels-dialog')).toContainText('A unit from 1 (the bottom) to 42');
  await expect(page.getByRole('button', { name: 'Save labels' })).toBeDisabled();
  await slot.fill('7');
  await addLabel(page, 'e2e.rackpilot.io/from-page', 'yes', { key: 'bad key!' });
  await expect
    .poll(labelsOf)
    .toMatchObject({ 'e2e.rackpilot.io/from-page': 'yes', [DEFAULT_RACK_SETTINGS.slotKey]: '7' });

  await page.goto(`/hosts?q=${id}`);
  const row = page.getByRole('row').filter({ hasText: third.name });
  await expect(row.getByTestId('host-status')).toContainText(/Powered (on|off)$/);
  await row.getByTestId('row-menu').click();
  await page.getByRole('menuitem', { name: 'Edit labels…' }).click();
  // Read when the dialog opens: the label written from the host page is there to edit.
  const dialog = page.getByTestId('labels-dialog');
  await expect(dialog.getByRole('textbox', { name: 'Key of label 1' })).toHaveValue(
    'e2e.rackpilot.io/from-page',
  );
  await addLabel(page, 'e2e.rackpilot.io/from-list', 'yes', { value: 'not a value!' });
  await expect
    .poll(labelsOf)
    .toMatchObject({ 'e2e.rackpilot.io/from-page': 'yes', 'e2e.rackpilot.io/from-list': 'yes' });

  const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', {
    action: 'hosts.setLabels',
  });
  const mine = (audit.data?.rows ?? []).filter((entry) => entry.target === `${namespace}/${third.name}`);
  expect(mine.map((entry) => entry.result)).toEqual(['ok', 'ok']);
});

test('a viewer sees no host actions, and the API refuses one', async ({ browser, admin }) => {
  const page = await pageAs(browser, admin, `e2e-host-viewer-${id}`, 'viewer');
  await page.goto(`/hosts/${namespace}/${third.name}`);
  await expect(page.getByTestId('host-title')).toHaveText(third.name);
  await expect(status(page)).toBeVisible();
  await expect(page.getByTestId('host-actions')).toHaveCount(0);
  await page.goto(`/hosts?q=${id}`);
  const row = page.getByRole('row').filter({ hasText: third.name });
  await expect(row.getByTestId('host-status')).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await row.getByTestId('row-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Open details' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Power|Restart|Delete/ })).toHaveCount(0);

  const refused = await page.request.post('/api/trpc/hosts.act', {
    headers: { origin: admin.url, 'content-type': 'application/json' },
    data: { namespace, name: third.name, action: 'power-on' },
  });
  expect(refused.status()).toBe(403);
  await page.context().close();
});
