import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { expect, test } from './fixtures';
import { kubeRequestJson } from '../server/kube/kube-request';
import { collectionPath } from '../server/kube/resource';
import { plunderClusterResource, plunderMachineResource, type PlunderMachine } from '../server/types/crds';
import type { AuditRow } from '../server/api/access/audit-query';

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const namespace = `bulk-provision-${id}`;
const serial = `bulk-e2e-${id}`;
/** MACs no other test uses: this run's bytes, then the index. */
const mac = (index: number) => `02:${id.slice(0, 2)}:${id.slice(2, 4)}:${id.slice(4, 6)}:01:0${index}`;
const macs = [1, 2, 3, 4].map(mac);

/** The machine asks for its boot script as iPXE does, reporting a serial number: it is sighted, unleased. */
async function sight(baseURL: string | undefined, at: string, as: string): Promise<void> {
  const reply = await fetch(`${baseURL ?? ''}/boot/ipxe?mac=${at}&serial=${as}`);
  expect(reply.status).toBe(200);
}

test.beforeAll(async () => {
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  await kubeRequestJson(kc, collectionPath(plunderClusterResource, namespace), {
    method: 'POST',
    body: {
      apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
      kind: 'PlunderCluster',
      metadata: { name: 'fleet', namespace },
      spec: { subnet: '10.78.0.0/24', ipPool: { start: '10.78.0.10', end: '10.78.0.60' } },
    },
  });
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' }).catch(() => undefined);
});

test('select all unleased matching, provision them as one job into a cluster; one that stops matching is skipped', async ({
  page,
  admin,
  baseURL,
}) => {
  test.setTimeout(180_000);
  for (const at of macs) await sight(baseURL, at, serial);
  await page.goto(`/hardware?q=${serial}&state=unleased`);
  const selectAll = page.getByTestId('bulk-select-all');
  await expect(selectAll).toHaveText('Select all 4 unleased matching');
  await selectAll.click();
  await expect(page.getByTestId('bulk-selected')).toHaveText(
    'All 4 unleased machines matching the filter are selected.',
  );
  await page.getByTestId('bulk-action').selectOption('provision');

  const dialog = page.getByTestId('bulk-confirm');
  await expect(dialog).toContainText('Choose the cluster below.');
  await dialog.getByLabel('Plunder cluster').selectOption(`${namespace}/fleet`);
  await expect(dialog.getByTestId('bulk-count')).toHaveText('4');
  await expect(dialog.getByTestId('bulk-sample')).toContainText(mac(1));
  await dialog.getByLabel('Machines at once').fill('1');
  await dialog.getByLabel('Machines a second, at most').fill('0.5');
  await dialog.getByRole('button', { name: 'Provision 4 unleased machines' }).click();
  await expect(page).toHaveURL(/\/bulk\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Provision on 4 unleased machines');

  // The last machine reports another serial while the job runs: it no longer matches the search.
  await expect(page.getByTestId('bulk-progress')).toContainText(/^[1-9] of 4 · \d done/, { timeout: 30_000 });
  await sight(baseURL, mac(4), `moved-${id}`);
  await expect(page.getByTestId('bulk-state')).toHaveText('finished', { timeout: 60_000 });
  await page.reload();
  await expect(page.getByTestId('bulk-progress')).toHaveText('4 of 4 · 3 done, 1 skipped');
  await expect(page.getByTestId(`outcome-${mac(4)}`)).toHaveText('skipped');
  await expect(page.getByTestId('bulk-result-row').last()).toContainText(
    `no longer matches the filter: it no longer matches the search “${serial}”`,
  );
  await expect(page.getByTestId('bulk-result-row').first()).toContainText(
    `PlunderMachine ${namespace}/fleet-worker-`,
  );
  await page.getByRole('link', { name: mac(1) }).click();
  await expect(page).toHaveURL(new RegExp(`/hardware/${encodeURIComponent(mac(1))}$`));

  const machines = await kubeRequestJson<{ items: PlunderMachine[] }>(
    kc,
    collectionPath(plunderMachineResource, namespace),
  );
  expect(machines.items.map((machine) => machine.spec.macaddress).sort()).toEqual(macs.slice(0, 3));
  const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'hardware.provision' });
  const perMachine = (audit.data?.rows ?? []).filter((row) => macs.includes(row.target ?? ''));
  expect(perMachine.map((row) => row.result)).toEqual(['ok', 'ok', 'ok']);
});
