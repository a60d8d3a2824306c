import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../server/kube/kube-request';
import { expect, test, type Page } from './fixtures';

/**
 * The row ⋮ menus of the hosts list and the vRouter groups list, used with a real mouse at the size a
 * laptop shows: the menu is drawn above the table, so a click on an item reaches the item and not the
 * row beneath it, and near the window's bottom the menu opens upwards instead of leaving the screen.
 */

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const namespace = `e2e-menus-${id}`;
const hostNames = [`menu-${id}-a`, `menu-${id}-b`];
const groupNames = ['first', 'second'];

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeAll(async () => {
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  for (const [index, name] of hostNames.entries()) {
    await kubeRequestJson(kc, `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`, {
      method: 'POST',
      body: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'BareMetalHost',
        metadata: { name },
        spec: {
          online: false,
          bootMACAddress: `3c:ec:ef:${id.slice(0, 2)}:${id.slice(2, 4)}:0${String(index)}`,
          bmc: {
            address: `redfish+https://10.98.0.${String(index + 1)}/redfish/v1/Systems/1`,
            credentialsName: `${name}-bmc`,
          },
        },
      },
    });
  }
  await kubeRequestJson(kc, `/apis/contrail.juniper.net/v1alpha1/namespaces/${namespace}/managers`, {
    method: 'POST',
    body: {
      apiVersion: 'contrail.juniper.net/v1alpha1',
      kind: 'Manager',
      metadata: { name: 'menus' },
      spec: {
        services: {
          vrouterTemplates: groupNames.map((name) => ({
            metadata: { name, kind: 'ContrailVrouter' },
            spec: { nodeSelector: { 'e2e.rackpilot.io/menus': `${id}-${name}` } },
          })),
        },
      },
    },
  });
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

/** Clicks at the centre of what the locator finds, with the mouse: whatever is drawn there gets the click. */
async function mouseClick(page: Page, locator: ReturnType<Page['getByRole']>) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the menu item has no box on screen');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test('a mouse click on "Copy name" in the first row of two copies that row\'s name', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/hosts?q=${id}&sort=name`);
  const rows = page.getByTestId('hosts-table').getByTestId('row');
  await expect(rows).toHaveCount(2);
  const first = rows.first();
  const name = hostNames.find((host) => host.endsWith('-a')) ?? '';
  await expect(first).toContainText(name);
  await first.getByTestId('row-menu').click();
  const item = page.getByRole('menuitem', { name: 'Copy name' });
  await mouseClick(page, item);
  await expect(page.getByRole('menuitem', { name: 'Copied ✓' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(name);
});

test('in a list filtered to one host, the last menu item (Delete…) is on screen and takes the click', async ({
  page,
}) => {
  const name = hostNames[1] ?? '';
  await page.goto(`/hosts?q=${name}`);
  const rows = page.getByTestId('hosts-table').getByTestId('row');
  await expect(rows).toHaveCount(1);
  await rows.getByTestId('row-menu').click();
  const item = page.getByRole('menuitem', { name: 'Delete…' });
  await expect(item).toBeInViewport({ ratio: 1 });
  await mouseClick(page, item);
  await expect(page.getByTestId('confirm-dialog')).toContainText(name);
});

test('near the bottom of the window the menu opens upwards and stays on screen; the keyboard still works', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 560 });
  await page.goto(`/hosts?q=${id}&sort=name`);
  const rows = page.getByTestId('hosts-table').getByTestId('row');
  await expect(rows).toHaveCount(2);
  const button = rows.last().getByTestId('row-menu');
  await button.evaluate((element) => {
    element.scrollIntoView({ block: 'end' });
  });
  await button.click();
  const menu = page.getByRole('menu');
  const [menuBox, buttonBox] = [await menu.boundingBox(), await button.boundingBox()];
  expect(menuBox && buttonBox && menuBox.y + menuBox.height <= buttonBox.y).toBe(true);
  await expect(page.getByRole('menuitem', { name: 'Delete…' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Delete…' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('a mouse click on "Open details" in the first vRouter group\'s menu opens that group, not the next row', async ({
  page,
}) => {
  await page.goto(`/contrail/groups?q=${namespace}&sort=name`);
  const rows = page.getByTestId('group-table').getByTestId('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('first');
  await rows.first().getByTestId('row-menu').click();
  await mouseClick(page, page.getByRole('menuitem', { name: 'Open details' }));
  await expect(page).toHaveURL(`/contrail/groups/${namespace}/first`);
});
