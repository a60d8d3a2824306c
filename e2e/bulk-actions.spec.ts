import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { expect, test, type Page } from './fixtures';
import { kubeRequestJson } from '../server/kube/kube-request';
import type { AuditRow } from '../server/api/access/audit-query';
import type { BareMetalHost } from '../server/types/crds/bare-metal-host';
import {
  AVAILABLE_STATUS,
  createHost,
  createNamespaceWithHosts,
} from '../tools/testenv/namespace-with-hosts';

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const namespace = `bulk-e2e-${id}`;
const rack = `bulk-${id}`;
const hostsPath = `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`;
const names = Array.from({ length: 40 }, (_, index) => `h${String(index + 1).padStart(2, '0')}`);
const getHost = (name: string) => kubeRequestJson<BareMetalHost>(kc, `${hostsPath}/${name}`);

test.beforeAll(async () => {
  await createNamespaceWithHosts(kc, namespace, []);
  for (const name of names) {
    await createHost(
      kc,
      namespace,
      { name, labels: { 'rackpilot.io/rack': rack }, spec: { online: true } },
      AVAILABLE_STATUS,
    );
  }
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' }).catch(() => undefined);
});

/** Selects every host the page's filter matches and starts `action` on them at the given pace. */
async function startOnAll(page: Page, count: number, action: string, perSecond: string) {
  await expect(page.getByTestId('bulk-select-all')).toHaveText(`Select all ${count} matching`);
  await page.getByTestId('bulk-select-all').click();
  await expect(page.getByTestId('bulk-selected')).toContainText(`All ${count} hosts`);
  await page.getByTestId('bulk-action').selectOption(action);
  const dialog = page.getByTestId('bulk-confirm');
  await expect(dialog.getByTestId('bulk-count')).toHaveText(String(count));
  await expect(dialog.getByTestId('bulk-sample')).toContainText('h01');
  await dialog.getByLabel('Hosts at once').fill('1');
  await dialog.getByLabel('Hosts a second, at most').fill(perSecond);
  await dialog.getByTestId('bulk-start').click();
  await expect(page).toHaveURL(/\/bulk\/[0-9a-f-]{36}$/);
}

test('power off all 40 hosts of a rack as one job: progress, 40 results, a host that stops matching is skipped, audited; cancel stops the rest', async ({
  page,
  admin,
}) => {
  test.setTimeout(300_000);
  await page.goto(`/hosts?q=${namespace}&rack=${rack}`);
  await startOnAll(page, 40, 'power-off', '2');
  await expect(page.getByTestId('bulk-progress')).toContainText(/^[1-9]\d* of 40/);
  // The last host leaves the rack while the job runs: when its turn comes, it is skipped.
  await kubeRequestJson(kc, `${hostsPath}/h40`, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: { metadata: { labels: { 'rackpilot.io/rack': `${rack}-moved` } } },
  });
  await expect(page.getByTestId('bulk-state')).toHaveText('finished', { timeout: 120_000 });
  await page.reload();
  await expect(page.getByTestId('bulk-progress')).toHaveText('40 of 40 · 39 done, 1 skipped');
  await expect(page.getByTestId('bulk-result-row')).toHaveCount(40);
  await expect(page.getByTestId('outcome-h40')).toHaveText('skipped');
  await expect(page.getByTestId('bulk-result-row').last()).toContainText(`its rack is now ${rack}-moved`);
  expect((await getHost('h40')).spec.online).toBe(true);
  expect((await getHost('h39')).spec.online).toBe(false);

  const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'host.powerOff' });
  const perHost = (audit.data?.rows ?? []).filter((row) => row.target?.startsWith(`${namespace}/`));
  expect(perHost).toHaveLength(39);
  expect(perHost.every((row) => row.result === 'ok' && row.actor === 'admin')).toBe(true);
  const requests = await admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'bulk.start' });
  const request = requests.data?.rows.find(
    (row) => JSON.stringify(row.input).includes(rack) && row.result === 'ok',
  );
  expect(request?.input).toMatchObject({ action: 'power-off', confirmedCount: 40 });

  await page.goto(`/hosts?q=${namespace}&rack=${rack}`);
  await startOnAll(page, 39, 'power-on', '1');
  await expect(page.getByTestId('bulk-progress')).toContainText(/^[1-9]\d* of 39 · \d+ done/);
  await page.getByTestId('bulk-cancel').click();
  await expect(page.getByTestId('bulk-state')).toHaveText('cancelled');
  await expect(page.getByTestId('bulk-progress')).toContainText('cancelled');
  await page.getByRole('button', { name: /^cancelled/ }).click();
  const cancelled = page.getByTestId('bulk-result-row');
  await expect(cancelled.first()).toContainText('cancelled by admin before this host’s turn');
  expect((await getHost('h39')).spec.online).toBe(false);
});

test('the rack view selects what its highlight matches, for the same kind of job', async ({ page }) => {
  // After the test above, 39 hosts are still in the rack (h40 left it).
  await page.goto(`/racks?q=${namespace}&rack=${rack}`);
  await startOnAll(page, 39, 'power-on', '50');
  await expect(page.getByTestId('bulk-state')).toHaveText('finished', { timeout: 120_000 });
  await expect(page.getByTestId('bulk-progress')).toContainText(/^39 of 39/);
  expect((await getHost('h01')).spec.online).toBe(true);
});
