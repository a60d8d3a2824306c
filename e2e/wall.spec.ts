import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../server/kube/kube-request';
import { signInAsAdmin } from '../tools/testenv/console-client';
import { freePort } from '../tools/testenv/free-port';
import { startServerProcess, type ServerProcess } from '../tools/testenv/server-process';
import { expect, expectConsoleError, test } from './fixtures';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `e2e-wall-${randomBytes(3).toString('hex')}`;
const environment = () => ({
  kubeconfig: process.env.KUBECONFIG ?? '',
  databaseUrl: process.env.RACKPILOT_E2E_DATABASE_URL ?? '',
});

test.beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
});

test.afterAll(async () => {
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

test('the wall updates live, goes stale when the server stops and recovers when it returns', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // A server of its own, on a fixed port, so this test can stop and restart it under the open wall.
  const port = await freePort();
  let server: ServerProcess | undefined = await startServerProcess(environment(), { port });
  try {
    const admin = await signInAsAdmin(server.url);
    const minted = await admin.mutate<{ token: string }>('access.mintScreenToken', { name: 'e2e wall' });
    const tv = await browser.newContext({
      storageState: { cookies: [], origins: [] },
      viewport: { width: 1920, height: 1080 },
    });
    const wall = await tv.newPage();
    await wall.goto(`${server.url}/wall?token=${minted.data?.token ?? ''}`);
    const hosts = wall.getByTestId('tile-hosts-value');
    await expect(hosts).toHaveText(/^\d+$/);
    await expect(wall.getByTestId('tile-hosts-age')).toHaveText(/^updated \d+ s ago$/);

    await kubeRequestJson(kc, `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`, {
      method: 'POST',
      body: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'BareMetalHost',
        metadata: { name: 'wall-host' },
        spec: { online: true, bootMACAddress: '52:54:00:77:00:01' },
      },
    });
    // Other specs' namespaces may still be going away, so the total moves on its own: the tile must come
    // to show the API server's count, which now includes this host.
    await expect
      .poll(async () => {
        const shown = Number(await hosts.textContent());
        const list = await kubeRequestJson<{ items: unknown[] }>(
          kc,
          '/apis/metal3.io/v1alpha1/baremetalhosts',
        );
        return shown === list.items.length;
      })
      .toBe(true);

    // While the server is away (and while it starts again) the wall's calls fail: what this test is about.
    expectConsoleError(/wall: Failed to load resource: (net::ERR_CONNECTION_REFUSED|.* 503)/);
    expectConsoleError(/wall: WebSocket connection .* failed: .*(503|ERR_CONNECTION_REFUSED)/);
    await server.stop();
    server = undefined;
    await expect(wall.getByTestId('wall-stale')).toBeVisible({ timeout: 20_000 });
    await expect(wall.getByTestId('wall-stale')).toContainText('showing data from');
    await expect(hosts).toBeVisible();
    // Every tile keeps its last data, greyed, and says for how long nothing came.
    const tiles = wall.getByTestId('wall').locator('main > section');
    expect(await tiles.count()).toBeGreaterThanOrEqual(5);
    for (const tile of await tiles.all()) {
      await expect(tile).toHaveAttribute('data-stale', 'true');
      await expect(tile.locator(':scope > p')).toHaveText(/^stale — no data for \d+ (s|min)$/);
    }
    const stalePath = testInfo.outputPath('wall-stale.png');
    await wall.screenshot({ path: stalePath });
    await testInfo.attach('wall-stale', { path: stalePath, contentType: 'image/png' });

    server = await startServerProcess(environment(), { port });
    await expect(wall.getByTestId('wall-stale')).toHaveCount(0, { timeout: 60_000 });
    await expect(wall.getByTestId('wall')).toHaveAttribute('data-stale', 'false');
    await expect(wall.getByTestId('tile-hosts')).toHaveAttribute('data-stale', 'false');
    await expect(wall.getByTestId('tile-hosts-age')).toHaveText(/^updated \d+ s ago$/);
    await tv.close();
  } finally {
    await server?.stop();
  }
});
