import { randomBytes } from 'node:crypto';
import { CoreV1Api, CustomObjectsApi, KubeConfig } from '@kubernetes/client-node';
import { expect, test } from '@playwright/test';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `e2e-overview-${randomBytes(3).toString('hex')}`;

test.beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
});

test.afterAll(async () => {
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

test('shows the connected cluster', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('server-version')).toHaveText(/^v1\.\d+\.\d+/);
  await expect(page.getByTestId('nodes-ready')).toHaveText(/^(\d+) \/ \1$/);
  await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-state', 'live');
  for (const kind of ['SIPCluster', 'BareMetalHost', 'Ironic', 'PlacementAPI', 'PlunderMachine', 'Vrouter']) {
    await expect(page.getByTestId(`count-${kind}`)).toBeVisible();
  }
});

test('a BareMetalHost created with the API shows up live, without a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-state', 'live');
  const count = page.getByTestId('count-BareMetalHost-value');
  const before = Number(await count.textContent());
  let reloaded = false;
  page.on('framenavigated', () => (reloaded = true));

  const objects = kc.makeApiClient(CustomObjectsApi);
  await objects.createNamespacedCustomObject({
    group: 'metal3.io',
    version: 'v1alpha1',
    namespace,
    plural: 'baremetalhosts',
    body: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: { name: 'e2e-host' },
      spec: { online: false, bootMACAddress: '52:54:00:aa:bb:01' },
    },
  });
  await expect(count).toHaveText(String(before + 1));

  await objects.deleteNamespacedCustomObject({
    group: 'metal3.io',
    version: 'v1alpha1',
    namespace,
    plural: 'baremetalhosts',
    name: 'e2e-host',
  });
  await expect(count).toHaveText(String(before));
  expect(reloaded).toBe(false);
});

test('one WebSocket per tab, kept across page navigation', async ({ page }) => {
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await page.goto('/');
  await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-state', 'live');
  await page.getByRole('link', { name: 'Hosts' }).click();
  await expect(page).toHaveURL(/\/hosts/);
  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByTestId('server-version')).toBeVisible();
  expect(sockets).toHaveLength(1);
  expect(sockets[0]).toMatch(/\/ws$/);
});
