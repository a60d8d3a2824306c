import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { expect, test } from './fixtures';
import { AVAILABLE_STATUS, createHost } from '../tools/testenv/namespace-with-hosts';

// Issue 47 item 9: a host action from the console leaves a trace on the host, as Metal3's own do.
const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `e2e-trace-${randomBytes(3).toString('hex')}`;

test.beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  await createHost(
    kc,
    namespace,
    { name: 'traced', spec: { online: true, bootMACAddress: '52:54:00:47:09:01' } },
    AVAILABLE_STATUS,
  );
});

test.afterAll(async () => {
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

test('a power-off from the console is an Event on the host and a line of its operation history naming who asked', async ({
  page,
}) => {
  await page.goto(`/hosts/${namespace}/traced`);
  await expect(page.getByTestId('host-status').first()).toHaveAttribute('data-group', 'available');
  await page.getByTestId('host-actions').click();
  await page.getByRole('menuitem', { name: 'Power off…' }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.getByTestId('confirm-action').click();
  await expect(dialog).toBeHidden();

  await page.getByRole('tab', { name: 'Events' }).click();
  const event = page.getByTestId('events').getByRole('listitem').filter({ hasText: 'PowerOffRequested' });
  await expect(event).toContainText('Power off requested by admin from the console');
  await expect(event).toContainText('rackpilot.io/console');

  await page.getByRole('tab', { name: 'Conditions & history' }).click();
  const line = page.getByTestId('operation').filter({ hasText: 'Power off requested' });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('admin');
  await expect(line).toContainText('requested');
});
