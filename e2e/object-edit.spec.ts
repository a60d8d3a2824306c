import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { expect, test, type Page } from './fixtures';
import { kubeRequestJson } from '../server/kube/kube-request';
import { collectionPath, type ResourceDescriptor } from '../server/kube/resource';
import { validSipClusterForm } from '../server/schemas/sip-cluster-form-test-fixtures';
import { sipClusterFromForm } from '../server/schemas/sip-cluster-object';
import { ironicResource, placementApiResource, sipClusterResource } from '../server/types/crds';
import { managerResource, type Manager } from '../server/types/crds/manager';
import { managerWithGroups } from '../tools/testenv/console-edit';

/**
 * Issue 49's edit acceptance: a SIPCluster's worker count and an Ironic's DHCP range changed through
 * their forms, each with the dry run's diff shown before Apply; a change made with the API while the
 * form is open is detected, shown (theirs and mine), and the edit re-applied on top of it. A
 * PlacementAPI's replicas likewise, its database account read-only with the reason; and a vRouter
 * group's gateway, the group being an entry of its Manager.
 */

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `e2e-edit-${randomBytes(3).toString('hex')}`;

interface Live {
  spec: {
    nodes?: Record<string, { count?: { active?: number; standby?: number } }>;
    networking?: { interface?: string; dhcp?: { rangeEnd?: string } };
    replicas?: number;
    nodeSelector?: Record<string, string>;
  };
}

function objectPath(resource: ResourceDescriptor, name: string): string {
  return `${collectionPath(resource, namespace)}/${name}`;
}

function patch(resource: ResourceDescriptor, name: string, body: unknown) {
  return kubeRequestJson(kc, objectPath(resource, name), {
    method: 'PATCH',
    body,
    contentType: 'application/merge-patch+json',
  });
}

test.beforeAll(async () => {
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}/secrets`, {
    method: 'POST',
    body: { metadata: { name: 'ssh-private-keys' }, type: 'Opaque', stringData: { id_ed25519: 'x' } },
  });
  await kubeRequestJson(kc, collectionPath(sipClusterResource, namespace), {
    method: 'POST',
    body: sipClusterFromForm({ ...validSipClusterForm(), namespace, name: 'sub1' }),
  });
  await kubeRequestJson(kc, collectionPath(ironicResource, namespace), {
    method: 'POST',
    body: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'Ironic',
      metadata: { name: 'lab', namespace },
      spec: {
        networking: {
          ipAddress: '10.89.0.1',
          interface: 'eth1',
          dhcp: { networkCIDR: '10.89.0.0/24', rangeBegin: '10.89.0.10', rangeEnd: '10.89.0.100' },
        },
      },
    },
  });
  await kubeRequestJson(kc, collectionPath(placementApiResource, namespace), {
    method: 'POST',
    body: {
      apiVersion: 'placement.openstack.org/v1beta1',
      kind: 'PlacementAPI',
      metadata: { name: 'placement', namespace },
      spec: { databaseInstance: 'openstack', secret: 'osp-secret', nodeSelector: { rack: 'r1' } },
    },
  });
  // A Manager whose groups select no node: their Vrouters exist, their pages open.
  await kubeRequestJson(kc, collectionPath(managerResource, namespace), {
    method: 'POST',
    body: managerWithGroups(namespace),
  });
});

test.afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
});

async function openEdit(page: Page, path: string, button: string) {
  await page.goto(path);
  await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-state', 'live');
  await page.getByTestId(button).click();
  await expect(page).toHaveURL(`${path}/edit`);
}

test('edit a SIPCluster’s worker count with the diff shown; a concurrent change is shown and kept', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const path = `/clusters/${namespace}/sub1`;
  await openEdit(page, path, 'edit-cluster');
  await expect(page.getByTestId('fixed-name')).toContainText('cannot be renamed');
  await page.locator('[name="roles.Worker.active"]').fill('3');
  await page.getByTestId('review-edit').click();
  const review = page.getByTestId('edit-review');
  await expect(review.getByTestId('change-row')).toHaveText(['spec.nodes.Worker.count.active13']);
  await review.getByText('As YAML').click();
  await expect(review.getByTestId('yaml-after')).toContainText('active: 3');
  await page.getByTestId('apply-edit').click();
  await expect(page).toHaveURL(path);
  const applied = await kubeRequestJson<Live>(kc, objectPath(sipClusterResource, 'sub1'));
  expect(applied.spec.nodes?.Worker?.count?.active).toBe(3);

  // Someone changes the cluster with the API while the form is open.
  await page.getByTestId('edit-cluster').click();
  await page.locator('[name="roles.Worker.active"]').fill('4');
  await patch(sipClusterResource, 'sub1', { spec: { nodes: { ControlPlane: { count: { standby: 1 } } } } });
  await page.getByTestId('review-edit').click();
  const conflict = page.getByTestId('edit-conflict');
  await expect(conflict.getByTestId('conflict-theirs')).toContainText(
    'spec.nodes.ControlPlane.count.standby',
  );
  await expect(conflict.getByTestId('conflict-yours')).toContainText('spec.nodes.Worker.count.active');
  await page.getByTestId('reapply-edit').click();
  await expect(page.getByTestId('edit-review').getByTestId('change-row')).toHaveText([
    'spec.nodes.Worker.count.active34',
  ]);
  await page.getByTestId('apply-edit').click();
  await expect(page).toHaveURL(path);
  const both = await kubeRequestJson<Live>(kc, objectPath(sipClusterResource, 'sub1'));
  expect(both.spec.nodes?.Worker?.count?.active).toBe(4);
  expect(both.spec.nodes?.ControlPlane?.count?.standby).toBe(1);
});

test('edit an Ironic’s DHCP range with the diff shown; a concurrent change is detected', async ({ page }) => {
  test.setTimeout(120_000);
  const path = `/ironic/${namespace}/lab`;
  await openEdit(page, path, 'edit-ironic');
  await page.locator('[name="networking.rangeEnd"]').fill('10.89.0.200');
  await patch(ironicResource, 'lab', { spec: { networking: { interface: 'eth2' } } });
  await page.getByTestId('review-edit').click();
  const conflict = page.getByTestId('edit-conflict');
  await expect(conflict.getByTestId('conflict-theirs')).toContainText('spec.networking.interface');
  await page.getByTestId('reapply-edit').click();
  const review = page.getByTestId('edit-review');
  await expect(review.getByTestId('change-row')).toHaveText([
    'spec.networking.dhcp.rangeEnd10.89.0.10010.89.0.200',
  ]);
  await page.getByTestId('apply-edit').click();
  await expect(page).toHaveURL(path);
  const live = await kubeRequestJson<Live>(kc, objectPath(ironicResource, 'lab'));
  expect(live.spec.networking).toMatchObject({ interface: 'eth2', dhcp: { rangeEnd: '10.89.0.200' } });
});

test('edit a PlacementAPI’s replicas with the diff shown; the database account is read-only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const path = `/placement/${namespace}/placement`;
  await openEdit(page, path, 'edit-placement');
  await expect(page.getByTestId('fixed-databaseAccount')).toContainText('MariaDBAccount');
  // The Secret it names is offered and chosen though missing: the controller waits for it.
  await expect(page.locator('[name="secret"]')).toHaveValue('osp-secret');
  await page.locator('[name="replicas"]').fill('2');
  await page.getByTestId('review-edit').click();
  const review = page.getByTestId('edit-review');
  await expect(review.getByTestId('change-row')).toHaveText(['spec.replicas12']);
  await review.getByText('As YAML').click();
  await expect(review.getByTestId('yaml-after')).toContainText('replicas: 2');
  await page.getByTestId('apply-edit').click();
  await expect(page).toHaveURL(path);
  const live = await kubeRequestJson<Live>(kc, objectPath(placementApiResource, 'placement'));
  expect(live.spec).toMatchObject({ replicas: 2, nodeSelector: { rack: 'r1' } });
});

test('edit a vRouter group’s gateway with the diff of its entry; a concurrent change is detected', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const path = `/contrail/groups/${namespace}/edge`;
  await openEdit(page, path, 'edit-group');
  await expect(page.getByTestId('fixed-name')).toContainText('named after it');
  await expect(page.getByTestId('fixed-manager').locator('input')).toHaveValue('m1');
  await page.locator('[name="gateway"]').fill('10.1.1.5');
  // Someone changes the group in its Manager with the API while the form is open.
  await kubeRequestJson(kc, objectPath(managerResource, 'm1'), {
    method: 'PATCH',
    body: [
      { op: 'add', path: '/spec/services/vrouterTemplates/0/spec/upgradeStrategy', value: 'deleteFirst' },
    ],
    contentType: 'application/json-patch+json',
  });
  await page.getByTestId('review-edit').click();
  const conflict = page.getByTestId('edit-conflict');
  await expect(conflict.getByTestId('conflict-theirs')).toContainText('spec.upgradeStrategy');
  await expect(conflict.getByTestId('conflict-yours')).toContainText('spec.configuration.vRouterGateway');
  await page.getByTestId('reapply-edit').click();
  const review = page.getByTestId('edit-review');
  await expect(review.getByTestId('change-row')).toHaveText([
    'spec.configuration.vRouterGateway10.1.1.110.1.1.5',
  ]);
  await review.getByText('As YAML').click();
  await expect(review.getByTestId('yaml-after')).toContainText('vRouterGateway: 10.1.1.5');
  await page.getByTestId('apply-edit').click();
  await expect(page).toHaveURL(path);
  const live = await kubeRequestJson<Manager>(kc, objectPath(managerResource, 'm1'));
  expect(live.spec.services?.vrouterTemplates?.[0]?.spec).toMatchObject({
    upgradeStrategy: 'deleteFirst',
    configuration: { vRouterGateway: '10.1.1.5' },
  });
});
