// Issue 47 item 5: what click-to-provision creates, the console lists and removes. A provisioned
// Plunder cluster is listed with its machines; its page shows each machine's hardware, and its delete
// says first what becomes of each one (the installing one wiped, the only-claimed one unleased).
import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import type { AuditRow } from '../server/api/access/audit-query';
import { bootRequest, throwAwayMac } from '../tools/probe/boot-request';
import { expect, test } from './fixtures';
import { seriousViolations } from './serious-violations';

const kc = new KubeConfig();
kc.loadFromDefault();
const run = randomBytes(3).toString('hex');
const namespace = `e2e-plunder-${run}`;
const cluster = `pc-${run}`;
const octet = 1 + Math.floor(Math.random() * 120);
const machines = [
  { mac: throwAwayMac(), ip: `127.0.144.${octet}` },
  { mac: throwAwayMac(), ip: `127.0.144.${octet + 121}` },
];

test.beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
});

test.afterAll(async () => {
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

test('a provisioned Plunder cluster is listed, shows its machines, and is deleted with its consequences stated', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  const [installing, claimed] = machines;
  if (!installing || !claimed) throw new Error('two machines');
  for (const machine of machines) {
    await bootRequest(`${admin.url}/boot/ipxe?mac=${machine.mac}`, { localAddress: machine.ip });
  }
  const provisioned = await admin.mutate('hardware.provision', {
    macs: machines.map((machine) => machine.mac),
    namespace,
    cluster: { mode: 'new', cluster: { name: cluster, subnet: '10.126.0.0/24' } },
    role: 'worker',
    hostname: cluster,
  });
  expect(provisioned.error?.message).toBeUndefined();
  // The first boots into its installer: deleting it now means wiping it. The second stays claimed.
  await expect
    .poll(
      async () =>
        (await bootRequest(`${admin.url}/boot/ipxe?mac=${installing.mac}`, { localAddress: installing.ip }))
          .kind,
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe('install');

  await page.goto('/hardware');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Plunder', exact: true })
    .click();
  await expect(page).toHaveURL(/\/plunder-clusters$/);
  await page.getByLabel('Search Plunder clusters').fill(cluster);
  const row = page.getByRole('row').filter({ hasText: cluster });
  await expect(row.getByTestId('plunder-cluster-machines')).toContainText('2');
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByTestId('plunder-cluster-name').click();
  await expect(page.getByTestId('plunder-cluster-title')).toContainText(cluster);
  const table = page.getByTestId('plunder-machines');
  await expect(table.getByTestId('plunder-machine')).toHaveCount(2);
  await expect(table.getByTestId('plunder-machine').filter({ hasText: installing.mac })).toContainText(
    'Provisioning',
  );
  await expect(table.getByTestId('plunder-machine').filter({ hasText: claimed.mac })).toContainText(
    'Claimed',
  );
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('delete-plunder-cluster').click();
  const dialog = page.getByTestId('confirm-dialog');
  const removal = dialog.getByTestId('plunder-removal');
  await expect(removal).toContainText(`${namespace}/${cluster}`);
  await expect(removal).toContainText('2 PlunderMachines');
  await expect(removal.getByTestId('removal-machine').filter({ hasText: installing.mac })).toHaveAttribute(
    'data-fate',
    'wiped',
  );
  await expect(removal.getByTestId('removal-machine').filter({ hasText: claimed.mac })).toHaveAttribute(
    'data-fate',
    'unleased',
  );
  await expect(removal).toContainText('Wiping erases the disks');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByTestId('confirm-input').fill(cluster);
  await dialog.getByTestId('confirm-action').click();
  await expect(page.getByTestId('not-found')).toContainText('has been deleted', { timeout: 60_000 });

  // As stated: the installing machine waits to be wiped, the claimed one is unleased again.
  const state = async (mac: string) =>
    (await admin.query<{ rows: { mac: string; state: string }[] }>('hardware.page', { search: mac })).data
      ?.rows[0]?.state;
  expect(await state(installing.mac)).toBe('wiping');
  expect(await state(claimed.mac)).toBe('unleased');
  const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'plunderClusters.delete' });
  expect(
    audit.data?.rows.filter((row) => row.target === `${namespace}/${cluster}`).map((row) => row.result),
  ).toEqual(['ok']);

  await page.getByRole('link', { name: 'Back to Plunder clusters' }).click();
  await page.getByLabel('Search Plunder clusters').fill(cluster);
  await expect(page.getByRole('row').filter({ hasText: cluster })).toHaveCount(0);
});
