// Issue 47 item 8: a SIPCluster in a namespace that does not exist yet, with an SSH key Secret
// generated from the form — no kubectl before the form, and both made under the operator's name.
import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { expect, test } from './fixtures';
import { kubeRequestJson } from '../server/kube/kube-request';
import type { AuditRow } from '../server/api/access/audit-query';
import { seriousViolations } from './serious-violations';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `e2e-prereq-${randomBytes(3).toString('hex')}`;
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHuBC6Z2cEh9kH0Dd8Q1rZ3ICkmTIEWOQmcAX6s5mq7y e2e@rackpilot';

interface Stored {
  metadata: { labels?: Record<string, string> };
  data?: Record<string, string>;
  spec?: { services?: { jumpHost?: { nodeSSHPrivateKeys?: string }[] } };
}

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' }).catch(() => undefined);
});

test('a SIPCluster in a new namespace with a generated SSH key, all from the form', async ({
  page,
  admin,
}) => {
  await page.goto('/clusters/new');
  await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-state', 'live');
  await page.locator('[name="namespace"]').fill(namespace);
  await page.locator('[name="name"]').fill('sub1');

  const offer = page.getByTestId('create-namespace-offer');
  await expect(offer).toContainText(`Namespace ${namespace} does not exist yet.`);
  expect(await seriousViolations(page)).toEqual([]);
  await offer.getByRole('button', { name: `Create namespace ${namespace}` }).click();
  await expect(page.getByTestId('namespace-created')).toHaveText(`Namespace ${namespace} created.`);

  await page.getByRole('button', { name: 'Create SSH key Secret…' }).click();
  const dialog = page.getByTestId('ssh-key-dialog');
  await expect(dialog.getByLabel('Secret name')).toHaveValue('sub1-ssh-keys');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Create Secret' }).click();
  await expect(dialog.getByTestId('ssh-public-key')).toHaveValue(
    /^ssh-ed25519 AAAA\S+ jump-host@e2e-prereq-/,
  );
  await expect(dialog).not.toContainText('PRIVATE KEY');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Use this Secret' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('[name="services.jumpHost.privateKeySecret"]')).toHaveValue('sub1-ssh-keys');

  await page.locator('[name="services.jumpHost.authorizedKeys"]').fill(KEY);
  await page.locator('[name="services.controlPlane.nodePort"]').fill('31431');
  await page.locator('[name="services.worker.start"]').fill('31432');
  await page.locator('[name="services.worker.end"]').fill('31435');
  await page.locator('[name="services.jumpHost.nodePort"]').fill('31430');
  await page.getByTestId('create-cluster').click();
  await expect(page).toHaveURL(`/clusters/${namespace}/sub1`);

  const made = await kubeRequestJson<Stored>(kc, `/api/v1/namespaces/${namespace}`);
  expect(made.metadata.labels).toMatchObject({ 'rackpilot.io/created-by': 'console' });
  const secret = await kubeRequestJson<Stored>(kc, `/api/v1/namespaces/${namespace}/secrets/sub1-ssh-keys`);
  expect(secret.metadata.labels).toMatchObject({ 'rackpilot.io/created-by': 'console' });
  expect(Buffer.from(secret.data?.id_ed25519 ?? '', 'base64').toString()).toMatch(
    /^-----BEGIN OPENSSH PRIVATE KEY-----\n/,
  );
  const cluster = await kubeRequestJson<Stored>(
    kc,
    `/apis/airship.airshipit.org/v1/namespaces/${namespace}/sipclusters/sub1`,
  );
  expect(cluster.spec?.services?.jumpHost?.[0]?.nodeSSHPrivateKeys).toBe('sub1-ssh-keys');

  // Each step under its own action and target, as what happened; no key material in the audit.
  for (const [action, target] of [
    ['namespaces.create', namespace],
    ['clusters.createSshKeySecret', `${namespace}/sub1-ssh-keys`],
    ['clusters.create', `${namespace}/sub1`],
  ]) {
    const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', { action });
    const rows = (audit.data?.rows ?? []).filter((row) => row.target === target);
    expect(
      rows.map((row) => row.result),
      action,
    ).toEqual(['ok']);
    expect(JSON.stringify(rows)).not.toContain('PRIVATE KEY');
  }
});
