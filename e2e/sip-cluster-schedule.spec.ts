import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { expect, test, type Page } from './fixtures';
import { kubeRequestJson } from '../server/kube/kube-request';
import { fillSipClusterForm, sipLabHosts } from './sip-lab-hosts';

/**
 * Why a cluster waits (issue 49): a cluster asking for more workers than fit shows, before create and
 * on its page, which hosts are left out and why; labelling one to fit moves it to "would take" live,
 * and the cluster goes Ready.
 */

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const namespace = `e2e-sipwhy-${id}`;
const cpFlavor = `e2e-${id}-cp`;
const workerFlavor = `e2e-${id}-wk`;
const { hostsPath, createSecret, createHost } = sipLabHosts(kc, namespace, id);

test.beforeAll(async () => {
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  await createSecret('jump-keys', { id_ed25519: 'not a real key' });
  await createHost('cp-1', cpFlavor, 1);
  await createHost('wk-1', workerFlavor, 2);
  await createHost('wk-2', `${workerFlavor}-not-yet`, 3);
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

/** The group of `role` that holds `host`, filtered to this test's namespace so the fleet's others stay out. */
async function groupOf(page: Page, role: string, host: string) {
  await page.getByTestId('schedule-explained').getByTestId('search').fill(namespace);
  return page
    .getByTestId(`schedule-${role}`)
    .locator('details')
    .filter({
      has: page.locator(`[data-host="${namespace}/${host}"]`),
    });
}

test('a cluster short of workers names the excluded hosts and why, and takes one labelled to fit', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/clusters/new');
  await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-state', 'live');
  await fillSipClusterForm(page, {
    namespace,
    name: 'short',
    cpFlavor,
    workerFlavor,
    workers: 2,
    port: 31510,
  });

  // Before create: short one worker, wk-1 taken, wk-2 out for its labels, cp-1 out as the ControlPlane's.
  await expect(page.getByTestId('preview-Worker')).toContainText('short 1');
  await expect(
    page.getByTestId('schedule-Worker-take').locator(`[data-host="${namespace}/wk-1"]`),
  ).toBeVisible();
  const before = await groupOf(page, 'Worker', 'wk-2');
  await expect(before).toHaveAttribute('data-reason', 'labels do not match');
  await before.locator('summary').click();
  await expect(before.locator(`[data-host="${namespace}/wk-2"]`)).toContainText(
    `rackpilot.io/flavor=${workerFlavor}`,
  );
  await expect(await groupOf(page, 'Worker', 'cp-1')).toHaveAttribute(
    'data-reason',
    'chosen for ControlPlane',
  );

  await page.getByTestId('create-cluster').click();
  await expect(page).toHaveURL(`/clusters/${namespace}/short`);
  await expect(page.getByTestId('ready-message')).toContainText('Worker: 2 wanted, 1 schedulable', {
    timeout: 60_000,
  });

  // The cluster's page shows the same breakdown, live.
  const panel = page.getByTestId('schedule-panel');
  const waiting = await groupOf(page, 'Worker', 'wk-2');
  await expect(waiting).toHaveAttribute('data-reason', 'labels do not match');

  await kubeRequestJson(kc, `${hostsPath}/wk-2`, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: { metadata: { labels: { 'rackpilot.io/flavor': workerFlavor } } },
  });
  await expect(
    panel.getByTestId('schedule-Worker-take').locator(`[data-host="${namespace}/wk-2"]`),
  ).toBeVisible();
  await expect(page.getByTestId('ready-banner').getByTestId('ready')).toHaveAttribute('data-status', 'True', {
    timeout: 90_000,
  });
  await expect(page.getByTestId('cluster-host')).toHaveCount(3);
});
