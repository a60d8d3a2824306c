import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { expect, test, type Page } from './fixtures';
import { kubeRequestJson } from '../server/kube/kube-request';
import { fillSipClusterForm, sipLabHosts } from './sip-lab-hosts';

/**
 * The whole tenant-cluster life through the console, with the SIPCluster controller running in
 * the server: create in one page, watch it become Ready in another without a reload, delete, and
 * see the hosts freed.
 */

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const namespace = `e2e-siplife-${id}`;
const cpFlavor = `e2e-${id}-cp`;
const workerFlavor = `e2e-${id}-wk`;
const { hostsPath, createSecret, createHost } = sipLabHosts(kc, namespace, id);
const SIP_NAME_LABEL = 'sip.airshipit.org/cluster-name';

async function hostLabels(): Promise<Record<string, Record<string, string>>> {
  const list = await kubeRequestJson<{
    items: { metadata: { name: string; labels?: Record<string, string> } }[];
  }>(kc, hostsPath);
  return Object.fromEntries(list.items.map((host) => [host.metadata.name, host.metadata.labels ?? {}]));
}

test.beforeAll(async () => {
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  await createSecret('jump-keys', { id_ed25519: 'not a real key' });
  await createHost('cp-1', cpFlavor, 1);
  await createHost('wk-1', workerFlavor, 2);
  await createHost('wk-2', workerFlavor, 3);
  await createHost('spare-1', workerFlavor, 4);
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

async function live(page: Page) {
  await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-state', 'live');
}

test('create in one page, Ready in another without a reload, delete frees the hosts', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const watcher = await context.newPage();
  await watcher.goto(`/clusters?q=${namespace}`);
  await live(watcher);
  await watcher.mouse.move(5, 5);
  let watcherReloaded = false;
  watcher.on('framenavigated', () => (watcherReloaded = true));

  await page.goto('/clusters/new');
  await live(page);
  await fillSipClusterForm(page, {
    namespace,
    name: 'life',
    cpFlavor,
    workerFlavor,
    workers: 2,
    port: 31500,
  });
  await expect(page.getByTestId('preview-Worker-schedulable')).toHaveText('3');
  await page.getByTestId('create-cluster').click();
  await expect(page).toHaveURL(`/clusters/${namespace}/life`);

  // The other page lists it as soon as it exists, then flips to Ready as the controller finishes.
  const row = watcher.locator(`[data-key="${namespace}/life"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('ready')).toHaveAttribute('data-status', 'True', { timeout: 90_000 });
  await expect(row.getByTestId('role-Worker')).toContainText('2/2');
  await expect(row.getByTestId('role-ControlPlane')).toContainText('1/1');
  // The creating page streams the same status, and shows the hosts it got.
  await expect(page.getByTestId('ready-banner').getByTestId('ready')).toHaveAttribute('data-status', 'True');
  await expect(page.getByTestId('cluster-host')).toHaveCount(3);

  const labelled = await hostLabels();
  expect(Object.values(labelled).filter((labels) => labels[SIP_NAME_LABEL] === 'life')).toHaveLength(3);
  expect(labelled['cp-1']?.['sip.airshipit.org/node-type']).toBe('ControlPlane');

  await page.getByTestId('delete-cluster').click();
  await page.getByTestId('confirm-input').fill('life');
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('not-found')).toContainText('has been deleted', { timeout: 60_000 });
  await expect(row).toHaveCount(0);

  await expect
    .poll(async () => Object.values(await hostLabels()).filter((labels) => SIP_NAME_LABEL in labels).length, {
      timeout: 30_000,
    })
    .toBe(0);
  expect(watcherReloaded).toBe(false);
});
