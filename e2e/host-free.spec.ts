import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { expect, test, type Page } from './fixtures';
import { kubeRequestJson } from '../server/kube/kube-request';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `e2e-free-${randomBytes(3).toString('hex')}`;
const hostsPath = `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`;
const consumer = `consumed by Metal3Machine ${namespace}/worker-0`;

async function createHost(name: string, spec: Record<string, unknown>, state: string) {
  await kubeRequestJson(kc, hostsPath, {
    method: 'POST',
    body: { apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost', metadata: { name }, spec },
  });
  await kubeRequestJson(kc, `${hostsPath}/${name}/status`, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: { status: { operationalStatus: 'OK', poweredOn: true, provisioning: { state } } },
  });
}

test.beforeAll(async () => {
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  // What CAPM3 leaves on a host its Metal3Machine took: no SIP label, only spec.consumerRef.
  await createHost(
    'consumed',
    {
      online: true,
      consumerRef: {
        apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1',
        kind: 'Metal3Machine',
        namespace,
        name: 'worker-0',
      },
    },
    'provisioned',
  );
  await createHost('spare', { online: true }, 'available');
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

async function openHosts(page: Page) {
  await page.goto(`/hosts?q=${encodeURIComponent(namespace)}`);
  await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-state', 'live');
  await page.mouse.move(5, 5);
}

test('a host a Metal3Machine consumes is not free in the list, the Claim facet and the host page, and says why', async ({
  page,
}) => {
  await openHosts(page);
  const rows = page.getByTestId('hosts-table').getByTestId('row');
  await expect(rows).toHaveCount(2);

  const consumed = page.locator('[data-key$="/consumed"]').getByTestId('host-free');
  await expect(consumed).toHaveAttribute('data-free', 'false');
  await expect(consumed).toHaveText(`not free: ${consumer}`);
  await expect(consumed).toHaveAttribute('title', `not free: ${consumer}`);
  await expect(page.locator('[data-key$="/spare"]').getByTestId('host-free')).toHaveText('free');

  await expect(page.getByTestId('facet-claim-free')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('facet-claim-claimed')).toHaveAttribute('data-count', '1');
  await page.getByTestId('facet-claim-free').click();
  await expect(page).toHaveURL(/claim=free/);
  await expect(rows).toHaveCount(1);
  await expect(page.locator('[data-key$="/spare"]')).toBeVisible();

  await page.goto(`/hosts/${namespace}/consumed`);
  const placement = page.getByTestId('host-free');
  await expect(placement).toHaveAttribute('data-free', 'false');
  await expect(placement).toHaveText(`not free: ${consumer}`);
});
