import { randomBytes } from 'node:crypto';
import { CoreV1Api, CustomObjectsApi, KubeConfig } from '@kubernetes/client-node';
import { expect, test } from './fixtures';

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
  let reloaded = false;
  page.on('framenavigated', () => (reloaded = true));

  const objects = kc.makeApiClient(CustomObjectsApi);
  // Other specs' hosts may still be going away, so the page is compared with the API server, not a fixed number.
  const matchesApiServer = async () => {
    const list = (await objects.listCustomObjectForAllNamespaces({
      group: 'metal3.io',
      version: 'v1alpha1',
      plural: 'baremetalhosts',
    })) as { items: { metadata: { namespace: string; name: string } }[] };
    const withOurs = list.items.some((host) => host.metadata.namespace === namespace);
    return { withOurs, same: Number(await count.textContent()) === list.items.length };
  };
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
  await expect.poll(matchesApiServer).toEqual({ withOurs: true, same: true });

  await objects.deleteNamespacedCustomObject({
    group: 'metal3.io',
    version: 'v1alpha1',
    namespace,
    plural: 'baremetalhosts',
    name: 'e2e-host',
  });
  await expect.poll(matchesApiServer).toEqual({ withOurs: false, same: true });
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
