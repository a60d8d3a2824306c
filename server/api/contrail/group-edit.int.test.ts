// Editing a vRouter group, an entry of its Manager, through the group form against the real API
// server and console: the dry run's diff limited to the group's entry, apply at the Manager's
// resourceVersion, a change to the group made meanwhile detected (and re-applied on top), a change to
// another group no conflict, fixed fields and a forged profile refused at the edge with nothing written.
import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, type ConsoleClient } from '../../../tools/testenv/console-client';
import { managerWithGroups, openEdit, sendEdit, type OpenedEdit } from '../../../tools/testenv/console-edit';
import { eventually } from '../../../tools/testenv/eventually';
import { removeNamespace } from '../../../tools/testenv/remove-namespace';
import { type ServerProcess, startConsoleServer } from '../../../tools/testenv/server-process';
import { kubeRequestJson } from '../../kube/kube-request';
import { collectionPath } from '../../kube/resource';
import type { ContrailGroupForm } from '../../schemas/contrail-group-form';
import type { EditForm } from '../../schemas/object-edit';
import { managerResource, type Manager } from '../../types/crds/manager';
import type { AuditRow } from '../access/audit-query';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `gedit-${randomBytes(3).toString('hex')}`;
const managerPath = `${collectionPath(managerResource, namespace)}/m1`;
let server: ServerProcess;
let admin: ConsoleClient;

type Opened = OpenedEdit<ContrailGroupForm>;

const manager = () => kubeRequestJson<Manager>(kc, managerPath);
const entry = async (name: string) =>
  (await manager()).spec.services?.vrouterTemplates?.find((group) => group.metadata.name === name);

/** Someone else's change to the Manager, as kubectl would send it. */
function jsonPatch(operations: unknown[]) {
  return kubeRequestJson(kc, managerPath, {
    method: 'PATCH',
    body: operations,
    contentType: 'application/json-patch+json',
  });
}

const opened = (name = 'edge') => openEdit<ContrailGroupForm>(admin, 'contrail.groups', { namespace, name });

const edit = (
  path: 'contrail.groups.edit' | 'contrail.groups.editDryRun',
  form: Opened,
  values: ContrailGroupForm,
  onTop?: { resourceVersion: string; values: ContrailGroupForm },
) => sendEdit(admin, path, form, values, onTop);

beforeAll(async () => {
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  await kubeRequestJson(kc, collectionPath(managerResource, namespace), {
    method: 'POST',
    body: managerWithGroups(namespace),
  });
  // The console finds the group's Manager in its cache, then reads it from the API server.
  await eventually(() => opened(), 30_000, 200);
}, 120_000);

afterAll(async () => {
  await removeNamespace(kc, namespace);
  await server.stop();
});

describe('vRouter group edit', () => {
  it('opens the form on the live entry, with the Manager’s profiles and the fixed fields', async () => {
    const form = await opened();
    expect(form.values).toMatchObject({
      namespace,
      manager: 'm1',
      name: 'edge',
      nodeSelector: [
        { key: 'rackpilot.io/group-edit-test', value: namespace },
        { key: 'role', value: 'edge' },
      ],
      gateway: '10.1.1.1',
      upgradeStrategy: 'rolling',
      profiles: ['kernel'],
      newProfile: { enabled: false },
    });
    expect(form.values.knownProfiles.map((p) => p.name)).toEqual(['kernel', 'tuning', 'dpdk']);
    expect(form.fixed).toMatchObject({
      name: expect.stringContaining('Vrouter') as string,
      manager: expect.any(String) as string,
    });
    const missing = await admin.query<EditForm<ContrailGroupForm>>('contrail.groups.editForm', {
      namespace,
      name: 'nope',
    });
    expect(missing.data).toEqual({ found: false });
  });

  it('dry-runs a diff of the group’s entry only, then applies it at the Manager’s version, audited', async () => {
    const form = await opened();
    const values = { ...structuredClone(form.values), gateway: '10.1.1.9', profiles: ['kernel', 'tuning'] };

    const review = await edit('contrail.groups.editDryRun', form, values);
    expect(review).toMatchObject({
      status: 'accepted',
      changes: [
        { path: 'spec.configuration.profiles', before: ['kernel'], after: ['kernel', 'tuning'] },
        { path: 'spec.configuration.vRouterGateway', before: '10.1.1.1', after: '10.1.1.9' },
      ],
    });
    if (review.status !== 'accepted') return;
    expect(review.yaml.before).toContain('name: edge');
    expect(review.yaml.before).not.toContain('name: other');
    expect(review.yaml.after).toContain('vRouterGateway: 10.1.1.9');
    expect((await manager()).metadata.resourceVersion).toBe(form.resourceVersion);

    const applied = await edit('contrail.groups.edit', form, values);
    expect(applied).toMatchObject({ status: 'applied', namespace, name: 'edge' });
    const live = await manager();
    expect(applied.status === 'applied' && applied.resourceVersion).toBe(live.metadata.resourceVersion);
    expect(await entry('edge')).toMatchObject({
      metadata: { labels: { 'other-tool/team': 'blue' } },
      spec: { configuration: { vRouterGateway: '10.1.1.9', profiles: ['kernel', 'tuning'] } },
    });
    expect(live.spec.services?.vrouterTemplates?.map((g) => g.metadata.name)).toEqual(['edge', 'other']);
    expect(live.spec.services?.vrouterProfileTemplates).toHaveLength(3);

    const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', { action: 'contrail.groups.edit' });
    expect(audit.data?.rows[0]).toMatchObject({
      result: 'ok',
      target: `${namespace}/edge`,
      input: {
        resourceVersion: form.resourceVersion,
        changes: { gateway: { from: '10.1.1.1', to: '10.1.1.9' } },
      },
    });
  });

  it('detects a change to the group made meanwhile, writes nothing, and re-applies on top', async () => {
    const form = await opened();
    await jsonPatch([
      { op: 'replace', path: '/spec/services/vrouterTemplates/0/spec/upgradeStrategy', value: 'deleteFirst' },
    ]);
    const changed = await manager();
    const values = { ...structuredClone(form.values), gateway: '10.1.1.10' };

    const refused = await edit('contrail.groups.edit', form, values);
    expect(refused).toMatchObject({
      status: 'rejected',
      message: expect.stringContaining('vRouter group changed since you opened it') as string,
      conflict: {
        resourceVersion: changed.metadata.resourceVersion,
        theirs: [{ path: 'spec.upgradeStrategy', before: 'rolling', after: 'deleteFirst' }],
        yours: [{ path: 'spec.configuration.vRouterGateway', before: '10.1.1.9', after: '10.1.1.10' }],
      },
    });
    expect((await manager()).metadata.resourceVersion).toBe(changed.metadata.resourceVersion);
    if (refused.status !== 'rejected' || !refused.conflict) return;

    const onTop = await edit('contrail.groups.edit', form, values, refused.conflict);
    expect(onTop).toMatchObject({ status: 'applied' });
    expect((await entry('edge'))?.spec).toMatchObject({
      upgradeStrategy: 'deleteFirst',
      configuration: { vRouterGateway: '10.1.1.10' },
    });
  });

  it('a change to another group of the Manager meanwhile is no conflict, and stays', async () => {
    const form = await opened();
    await jsonPatch([
      {
        op: 'add',
        path: '/spec/services/vrouterTemplates/1/spec/configuration/vRouterGateway',
        value: '10.2.2.2',
      },
    ]);
    const values = { ...structuredClone(form.values), gateway: '10.1.1.11' };
    expect(await edit('contrail.groups.edit', form, values)).toMatchObject({ status: 'applied' });
    expect((await entry('edge'))?.spec.configuration?.vRouterGateway).toBe('10.1.1.11');
    expect((await entry('other'))?.spec.configuration?.vRouterGateway).toBe('10.2.2.2');
  });

  it('refuses fixed fields, a new profile and a forged profile at the edge, and writes nothing', async () => {
    const form = await opened();
    const refusals: [Partial<ContrailGroupForm>, string, string][] = [
      [{ name: 'renamed' }, 'name', 'Cannot change after create'],
      [{ manager: 'm2' }, 'manager', 'Cannot change after create'],
      [
        {
          newProfile: { ...form.values.newProfile, enabled: true, name: 'fresh', mode: 'kernel' },
          profiles: ['fresh'],
        },
        'newProfile.enabled',
        'only the group’s entry',
      ],
      // The browser's copy of the profiles decides nothing: the Manager has no profile "ghost".
      [
        {
          knownProfiles: [...form.values.knownProfiles, { name: 'ghost', spec: {} }],
          profiles: ['kernel', 'ghost'],
        },
        'profiles.1',
        'ghost is not',
      ],
    ];
    for (const [change, field, words] of refusals) {
      const refused = await edit('contrail.groups.edit', form, {
        ...structuredClone(form.values),
        ...change,
      });
      expect(refused).toMatchObject({
        status: 'rejected',
        message: 'Nothing was changed: fix the marked fields',
        fieldErrors: { [field]: expect.stringContaining(words) as string },
      });
    }
    expect((await manager()).metadata.resourceVersion).toBe(form.resourceVersion);
  });
});
