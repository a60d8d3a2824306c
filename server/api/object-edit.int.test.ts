// Editing live objects (SIPCluster, Ironic, PlacementAPI) through their create forms against the real API server and console: the dry
// run's diff, apply at a resourceVersion, a concurrent change detected and re-applied on top, fixed
// fields refused at the edge, others' labels, annotations and status kept, and the audit row's changes.
import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, type ConsoleClient } from '../../tools/testenv/console-client';
import { openEdit, sendEdit } from '../../tools/testenv/console-edit';
import { type ServerProcess, startConsoleServer } from '../../tools/testenv/server-process';
import { kubeRequestJson } from '../kube/kube-request';
import { collectionPath, type ResourceDescriptor } from '../kube/resource';
import type { IronicForm } from '../schemas/ironic-form';
import type { PlacementForm } from '../schemas/placement-form';
import { validSipClusterForm, type SipClusterForm } from '../schemas/sip-cluster-form-test-fixtures';
import { ironicResource, placementApiResource, sipClusterResource } from '../types/crds';
import type { AuditRow } from './access/audit-query';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `edit-${randomBytes(3).toString('hex')}`;
let server: ServerProcess;
let admin: ConsoleClient;

type Live = {
  metadata: {
    resourceVersion: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec: Record<string, unknown>;
  status?: Record<string, unknown>;
};

function objectPath(resource: ResourceDescriptor, name: string): string {
  return `${collectionPath(resource, namespace)}/${name}`;
}

function get(resource: ResourceDescriptor, name: string): Promise<Live> {
  return kubeRequestJson<Live>(kc, objectPath(resource, name));
}

function mergePatch(resource: ResourceDescriptor, name: string, body: unknown, subresource = '') {
  return kubeRequestJson<Live>(kc, `${objectPath(resource, name)}${subresource}`, {
    method: 'PATCH',
    body,
    contentType: 'application/merge-patch+json',
  });
}

beforeAll(async () => {
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}/secrets`, {
    method: 'POST',
    body: { metadata: { name: 'ssh-private-keys' }, type: 'Opaque', stringData: { id_ed25519: 'x' } },
  });
  const created = await admin.mutate('clusters.create', {
    ...validSipClusterForm(),
    namespace,
    name: 'sub1',
  });
  expect(created.data).toMatchObject({ status: 'created' });
});

afterAll(async () => {
  await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' });
  await server.stop();
});

describe('SIPCluster edit', () => {
  it('dry-runs, applies only the changed field and keeps what others set', async () => {
    await mergePatch(sipClusterResource, 'sub1', {
      metadata: { labels: { 'other-tool/team': 'blue' }, annotations: { 'other-tool/note': 'keep' } },
    });
    await mergePatch(sipClusterResource, 'sub1', { status: { conditions: [] } }, '/status');
    const form = await openEdit<SipClusterForm>(admin, 'clusters', { namespace, name: 'sub1' });
    const values = structuredClone(form.values);
    values.roles.Worker.active = 4;

    const review = await sendEdit(admin, 'clusters.editDryRun', form, values);
    expect(review).toMatchObject({
      status: 'accepted',
      changes: [{ path: 'spec.nodes.Worker.count.active', before: 1, after: 4 }],
    });
    if (review.status !== 'accepted') return;
    expect(review.yaml.after).toContain('active: 4');
    expect((await get(sipClusterResource, 'sub1')).spec).toMatchObject({
      nodes: { Worker: { count: { active: 1 } } },
    });

    const applied = await sendEdit(admin, 'clusters.edit', form, values);
    expect(applied).toMatchObject({ status: 'applied' });
    const live = await get(sipClusterResource, 'sub1');
    expect(live.spec).toMatchObject({ nodes: { Worker: { count: { active: 4 } } } });
    expect(live.metadata.labels).toMatchObject({ 'other-tool/team': 'blue' });
    expect(live.metadata.annotations).toMatchObject({ 'other-tool/note': 'keep' });
    expect(live.status).toMatchObject({ conditions: [] });

    const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'clusters.edit' });
    expect(audit.data?.rows[0]).toMatchObject({
      result: 'ok',
      target: `${namespace}/sub1`,
      input: { changes: { 'roles.Worker.active': { from: 1, to: 4 } } },
    });
  });

  it('detects a change to its fields made meanwhile, shows both, and re-applies on top', async () => {
    const form = await openEdit<SipClusterForm>(admin, 'clusters', { namespace, name: 'sub1' });
    await mergePatch(sipClusterResource, 'sub1', {
      spec: { nodes: { ControlPlane: { count: { standby: 2 } } } },
    });
    const values = structuredClone(form.values);
    values.roles.Worker.active = 5;

    const refused = await sendEdit(admin, 'clusters.edit', form, values);
    expect(refused).toMatchObject({
      status: 'rejected',
      conflict: {
        theirs: [{ path: 'spec.nodes.ControlPlane.count.standby', before: 0, after: 2 }],
        yours: [{ path: 'spec.nodes.Worker.count.active', before: 4, after: 5 }],
      },
    });
    if (refused.status !== 'rejected' || !refused.conflict) return;
    await mergePatch(sipClusterResource, 'sub1', { status: { conditions: [] } }, '/status');
    // A status write since the conflict moved the resourceVersion again: no new conflict.
    const onTop = await sendEdit(admin, 'clusters.edit', form, values, refused.conflict);
    expect(onTop).toMatchObject({ status: 'applied' });
    expect((await get(sipClusterResource, 'sub1')).spec).toMatchObject({
      nodes: { ControlPlane: { count: { standby: 2 } }, Worker: { count: { active: 5 } } },
    });
  });

  it('a change by others outside its fields (a label) is no conflict', async () => {
    const form = await openEdit<SipClusterForm>(admin, 'clusters', { namespace, name: 'sub1' });
    await mergePatch(sipClusterResource, 'sub1', { metadata: { labels: { 'other-tool/later': 'yes' } } });
    const values = structuredClone(form.values);
    values.roles.Worker.active = 6;
    expect(await sendEdit(admin, 'clusters.edit', form, values)).toMatchObject({
      status: 'applied',
    });
    expect((await get(sipClusterResource, 'sub1')).metadata.labels).toMatchObject({
      'other-tool/later': 'yes',
    });
  });

  it('refuses a changed name at the edge, at the field, and changes nothing', async () => {
    const form = await openEdit<SipClusterForm>(admin, 'clusters', { namespace, name: 'sub1' });
    const values = { ...structuredClone(form.values), name: 'renamed' };
    const refused = await sendEdit(admin, 'clusters.edit', form, values);
    expect(refused).toMatchObject({
      status: 'rejected',
      fieldErrors: { name: expect.stringContaining('Cannot change after create') as string },
    });
    expect((await get(sipClusterResource, 'sub1')).metadata.resourceVersion).toBe(form.resourceVersion);
  });
});

describe('Ironic edit', () => {
  const ironic = 'ironic1';

  beforeAll(async () => {
    await kubeRequestJson(kc, collectionPath(ironicResource, namespace), {
      method: 'POST',
      body: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'Ironic',
        metadata: { name: ironic, namespace, labels: { 'other-tool/owner': 'lab' } },
        spec: {
          credentialsRef: { name: 'set-by-controller' },
          networking: {
            interface: 'eth1',
            ipAddress: '10.89.0.2',
            dhcp: { networkCIDR: '10.89.0.0/24', rangeBegin: '10.89.0.10', rangeEnd: '10.89.0.100' },
          },
        },
      },
    });
  });

  it('changes the DHCP range only; the credentials the controller set stay', async () => {
    const form = await openEdit<IronicForm>(admin, 'ironic', { namespace, name: ironic });
    const values = structuredClone(form.values);
    values.networking.rangeEnd = '10.89.0.200';
    const review = await sendEdit(admin, 'ironic.editDryRun', form, values);
    expect(review).toMatchObject({
      status: 'accepted',
      changes: [{ path: 'spec.networking.dhcp.rangeEnd', before: '10.89.0.100', after: '10.89.0.200' }],
    });
    expect(await sendEdit(admin, 'ironic.edit', form, values)).toMatchObject({ status: 'applied' });
    const live = await get(ironicResource, ironic);
    expect(live.spec).toMatchObject({
      credentialsRef: { name: 'set-by-controller' },
      networking: { dhcp: { rangeBegin: '10.89.0.10', rangeEnd: '10.89.0.200' } },
    });
    expect(live.metadata.labels).toMatchObject({ 'other-tool/owner': 'lab' });
  });

  it('refuses a database and a generated certificate at the edge', async () => {
    const form = await openEdit<IronicForm>(admin, 'ironic', { namespace, name: ironic });
    const values = structuredClone(form.values);
    values.database = { mode: 'existing', name: 'other-db' };
    values.tls = { mode: 'generate', secretName: '', dnsName: 'ironic.example.com' };
    const refused = await sendEdit(admin, 'ironic.edit', form, values);
    expect(refused).toMatchObject({
      status: 'rejected',
      fieldErrors: { 'database.name': expect.stringContaining('spec.databaseRef') as string },
    });
    values.database = form.values.database;
    expect(await sendEdit(admin, 'ironic.edit', form, values)).toMatchObject({
      status: 'rejected',
      fieldErrors: { 'tls.mode': expect.stringContaining('only at create') as string },
    });
  });
});

describe('PlacementAPI edit', () => {
  const placement = 'placement1';
  const internal = () => ({
    metadata: { labels: { zone: 'a' }, annotations: { 'metallb.universe.tf/address-pool': 'internalapi' } },
    spec: { type: 'LoadBalancer', loadBalancerSourceRanges: ['10.0.0.0/8'] },
  });

  beforeAll(async () => {
    await kubeRequestJson(kc, collectionPath(placementApiResource, namespace), {
      method: 'POST',
      body: {
        apiVersion: 'placement.openstack.org/v1beta1',
        kind: 'PlacementAPI',
        metadata: { name: placement, namespace, labels: { 'other-tool/owner': 'lab' } },
        spec: {
          databaseInstance: 'openstack',
          secret: 'osp-secret',
          nodeSelector: { rack: 'r1' },
          override: { service: { internal: internal() } },
        },
      },
    });
  });

  it("applies replicas and a Service type only; others' settings and status stay; audited", async () => {
    await mergePatch(placementApiResource, placement, { status: { readyCount: 0 } }, '/status');
    const form = await openEdit<PlacementForm>(admin, 'placement', { namespace, name: placement });
    expect(form.fixed).toHaveProperty('databaseAccount');
    const values = structuredClone(form.values);
    values.replicas = 3;
    values.internal.type = 'ClusterIP';
    const review = await sendEdit(admin, 'placement.editDryRun', form, values);
    expect(review).toMatchObject({
      status: 'accepted',
      changes: [
        { path: 'spec.override.service.internal.spec.type', before: 'LoadBalancer' },
        { path: 'spec.replicas', before: 1, after: 3 },
      ],
    });
    expect((await get(placementApiResource, placement)).spec).toMatchObject({ replicas: 1 });

    expect(await sendEdit(admin, 'placement.edit', form, values)).toMatchObject({ status: 'applied' });
    const live = await get(placementApiResource, placement);
    const kept = internal();
    expect(live.spec).toEqual(
      expect.objectContaining({
        replicas: 3,
        nodeSelector: { rack: 'r1' },
        containerImage: expect.any(String) as string,
        override: {
          service: { internal: { ...kept, spec: { loadBalancerSourceRanges: ['10.0.0.0/8'] } } },
        },
      }),
    );
    expect(live.metadata.labels).toMatchObject({ 'other-tool/owner': 'lab' });
    expect(live.status).toMatchObject({ readyCount: 0 });

    const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'placement.edit' });
    expect(audit.data?.rows[0]).toMatchObject({
      result: 'ok',
      target: `${namespace}/${placement}`,
      input: {
        resourceVersion: form.resourceVersion,
        changes: { replicas: { from: 1, to: 3 }, 'internal.type': { from: 'LoadBalancer', to: 'ClusterIP' } },
      },
    });
  });

  it('shows a change to its fields made meanwhile, and re-applies on top', async () => {
    const form = await openEdit<PlacementForm>(admin, 'placement', { namespace, name: placement });
    await mergePatch(placementApiResource, placement, {
      spec: { customServiceConfig: '[DEFAULT]\ndebug = true' },
    });
    const values = { ...structuredClone(form.values), replicas: 2 };
    const refused = await sendEdit(admin, 'placement.edit', form, values);
    expect(refused).toMatchObject({
      status: 'rejected',
      conflict: {
        theirs: [{ path: 'spec.customServiceConfig', after: '[DEFAULT]\ndebug = true' }],
        yours: [{ path: 'spec.replicas', before: 3, after: 2 }],
      },
    });
    if (refused.status !== 'rejected' || !refused.conflict) return;
    expect(await sendEdit(admin, 'placement.edit', form, values, refused.conflict)).toMatchObject({
      status: 'applied',
    });
    expect((await get(placementApiResource, placement)).spec).toMatchObject({
      replicas: 2,
      customServiceConfig: '[DEFAULT]\ndebug = true',
    });
  });

  it('refuses the database account and a missing new Secret at their fields, changing nothing', async () => {
    const form = await openEdit<PlacementForm>(admin, 'placement', { namespace, name: placement });
    const values = { ...structuredClone(form.values), databaseAccount: 'placement2', replicas: 5 };
    expect(await sendEdit(admin, 'placement.edit', form, values)).toMatchObject({
      status: 'rejected',
      fieldErrors: { databaseAccount: expect.stringContaining('MariaDBAccount') as string },
    });
    // The Secret it already names is missing too: that one is the controller's to wait for.
    const missing = { ...structuredClone(form.values), caBundleSecret: 'no-such-bundle', replicas: 5 };
    expect(await sendEdit(admin, 'placement.editDryRun', form, missing)).toMatchObject({
      status: 'rejected',
      fieldErrors: { caBundleSecret: `No Secret named no-such-bundle in namespace ${namespace}` },
    });
    expect((await get(placementApiResource, placement)).spec).toMatchObject({
      replicas: 2,
      databaseAccount: 'placement',
    });
  });
});
