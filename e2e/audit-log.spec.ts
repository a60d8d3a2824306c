import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../server/kube/kube-request';
import type { AuditRow } from '../server/api/access/audit-query';
import { signInAsNew, type ConsoleClient } from '../tools/testenv/console-client';
import { createNamespaceWithHosts } from '../tools/testenv/namespace-with-hosts';
import { expect, test } from './fixtures';

/**
 * The audit log says what happened: a change the API server or the console's checks refused is
 * `refused` with its reason, not `ok`; a host action is named for what it did (host.powerOff); a
 * provision names the cluster it acted on; and the page's filters, typed one after the other, both hold.
 */

const kc = new KubeConfig();
kc.loadFromDefault();
const id = randomBytes(3).toString('hex');
const namespace = `e2e-audit-${id}`;
const operator = `e2e-audit-op-${id}`;
const host = `audit-${id}`;

test.beforeAll(async () => {
  await createNamespaceWithHosts(kc, namespace, [
    {
      name: host,
      spec: {
        online: true,
        bootMACAddress: `3c:ec:ef:${id.slice(0, 2)}:${id.slice(2, 4)}:${id.slice(4, 6)}`,
        bmc: { address: 'redfish+https://10.97.0.1/redfish/v1/Systems/1', credentialsName: `${host}-bmc` },
      },
    },
  ]);
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

async function auditRows(
  admin: ConsoleClient,
  filter: { action?: string; actor?: string },
): Promise<AuditRow[]> {
  return (await admin.query<{ rows: AuditRow[] }>('access.audit', filter)).data?.rows ?? [];
}

test('a provision refused for a missing namespace is on record as refused, with the reason and the cluster', async ({
  admin,
  page,
}) => {
  const missing = `e2e-audit-missing-${id}`;
  const mac = `3c:ec:ef:${id.slice(0, 2)}:${id.slice(2, 4)}:fe`;
  const answer = await admin.mutate<{ status: string; message: string }>('hardware.provision', {
    macs: [mac],
    namespace: missing,
    cluster: { mode: 'new', cluster: { name: `c-${id}`, subnet: '10.61.0.0/24' } },
    role: 'worker',
  });
  expect(answer.data).toMatchObject({ status: 'rejected', message: `Namespace ${missing} does not exist` });
  const [row] = (await auditRows(admin, { action: 'hardware.provision' })).filter(
    (entry) => entry.target === `${missing}/c-${id}`,
  );
  expect(row).toMatchObject({ result: 'refused', error: `Namespace ${missing} does not exist` });

  await page.goto('/audit?action=hardware.provision&result=refused');
  const entry = page
    .getByTestId('audit')
    .getByRole('row')
    .filter({ hasText: `${missing}/c-${id}` });
  await expect(entry).toContainText('refused');
  await expect(entry).toContainText(`Namespace ${missing} does not exist`);
});

test('host actions are named for what they did', async ({ admin }) => {
  const client = await signInAsNew(admin, operator, 'operator');
  // The server acts on the host once its cache holds it.
  await expect
    .poll(async () => (await client.query('hosts.labels', { namespace, name: host })).data ?? null)
    .not.toBeNull();
  const done = await client.mutate('hosts.act', { namespace, name: host, action: 'power-off' });
  expect(done.status).toBe(200);
  // Not possible for a host that is not available: on record all the same, named for what was tried.
  await client.mutate('hosts.act', { namespace, name: host, action: 'inspect' });
  const onHost = (await auditRows(admin, { actor: operator })).filter(
    (row) => row.target === `${namespace}/${host}`,
  );
  expect(onHost.map((row) => [row.action, row.result]).reverse()).toEqual([
    ['host.powerOff', 'ok'],
    ['host.inspect', 'error'],
  ]);
  const power = await auditRows(admin, { actor: operator, action: 'power' });
  expect(power.map((row) => row.action)).toEqual(['host.powerOff']);
});

test('Who then Action typed quickly keeps both filters', async ({ admin, page }) => {
  const user = `${operator}-who`;
  await signInAsNew(admin, user, 'viewer');
  await page.goto('/audit');
  await expect(page.getByTestId('audit').getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('textbox', { name: 'Filter by user' }).pressSequentially(user);
  await page.getByRole('textbox', { name: 'Filter by action' }).pressSequentially('signin');
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return [url.searchParams.get('actor'), url.searchParams.get('action')];
    })
    .toEqual([user, 'signin']);
  // The header row and that user's one sign-in.
  const rows = page.getByTestId('audit').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('auth.signIn');
  await expect(rows.nth(1)).toContainText(user);
});
