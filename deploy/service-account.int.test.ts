// The whole server against the test control plane, authenticated as the ServiceAccount of deploy/ with
// the roles and bindings of deploy/ applied and a token from the TokenRequest API, through every
// feature: lists and watches, each form, host actions, provision and release, deletes, each
// controller's reconcile and finalize. Its requests to the API server are recorded
// (tools/testenv/record-kube-calls.mjs): none may be refused, and every call the console declares
// (server/api/console-access.ts), from which the roles are generated, must really be made.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KubeConfig } from '@kubernetes/client-node';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleAccess } from '../server/api/console-access';
import { controllerDeclarations } from '../server/controllers/build-controllers';
import { ensureNamespace } from '../server/kube/ensure-namespace';
import { kubeRequestJson } from '../server/kube/kube-request';
import { collectionPath } from '../server/kube/resource';
import { defaultHostRegisterForm } from '../server/schemas/host-register-form';
import { defaultIronicForm } from '../server/schemas/ironic-form';
import { defaultPlacementForm } from '../server/schemas/placement-form';
import { validSipClusterForm } from '../server/schemas/sip-cluster-form-test-fixtures';
import { bootRequest } from '../tools/testenv/boot-client';
import { signInAsAdmin, type ConsoleClient } from '../tools/testenv/console-client';
import { eventually } from '../tools/testenv/eventually';
import { readKubeCalls, recordKubeCallsEnv } from '../tools/testenv/kube-call-log';
import { kubeRequestInfo, type KubeRequestInfo } from '../tools/testenv/kube-request-info';
import { reconcileCounts } from '../tools/testenv/reconcile-counts';
import { adminKubectl } from '../tools/testenv/kubectl';
import { removeNamespace } from '../tools/testenv/remove-namespace';
import { SHORT_LEASE_ENV } from '../tools/testenv/replicas';
import { serviceAccountKubeconfig } from '../tools/testenv/restricted-kubeconfig';
import { startServerProcess, type ServerProcess } from '../tools/testenv/server-process';

const root = fileURLToPath(new URL('..', import.meta.url));
const kc = new KubeConfig();
kc.loadFromDefault();
const SYSTEM_NAMESPACE = 'rackpilot-system';
const RBAC_KINDS = ['ServiceAccount', 'ClusterRole', 'Role', 'ClusterRoleBinding', 'RoleBinding'];
const run = randomBytes(3).toString('hex');
const namespace = `deploy-sa-${run}`;

interface RecordedCall extends KubeRequestInfo {
  status: number;
  path: string;
}

async function recordedCalls(file: string): Promise<RecordedCall[]> {
  return (await readKubeCalls(file)).flatMap(({ method, path, status }) => {
    const info = kubeRequestInfo(method, path);
    return info ? [{ ...info, status, path }] : [];
  });
}

let kubectl: (...args: string[]) => Promise<string>;
let workdir: string;
let rbacFile: string | undefined;

beforeAll(async () => {
  kubectl = await adminKubectl(process.env.KUBECONFIG ?? '');
  workdir = await mkdtemp(join(tmpdir(), 'rackpilot-service-account-'));
});

afterAll(async () => {
  if (rbacFile) await kubectl('delete', '--ignore-not-found', '-f', rbacFile);
  await rm(workdir, { recursive: true, force: true });
});

describe('the server as the shipped ServiceAccount', () => {
  let server: ServerProcess | undefined;
  let admin: ConsoleClient;
  let callsFile: string;
  const calls = () => recordedCalls(callsFile);
  const made = async (verb: string, group: string, resource: string) =>
    (await calls()).some(
      (call) => call.verb === verb && call.group === group && call.resource === resource && call.status < 300,
    );

  beforeAll(async () => {
    const built = parseAllDocuments(await kubectl('kustomize', join(root, 'deploy/overlays/local')))
      .map((doc) => doc.toJS() as { kind: string })
      .filter((object) => RBAC_KINDS.includes(object.kind));
    expect(built.map((object) => object.kind).sort()).toEqual([...RBAC_KINDS].sort());
    const file = join(workdir, 'rbac.yaml');
    await writeFile(file, built.map((object) => stringify(object)).join('---\n'));
    await ensureNamespace(kc, SYSTEM_NAMESPACE);
    await kubectl('apply', '-f', file);
    rbacFile = file;
    const saKubeconfig = join(workdir, 'service-account.kubeconfig');
    await serviceAccountKubeconfig(kc, SYSTEM_NAMESPACE, 'rackpilot', saKubeconfig);

    await ensureNamespace(kc, namespace);
    for (const [name, data] of [
      ['ssh-private-keys', { id_rsa: Buffer.from('not a real key').toString('base64') }],
      ['osp-secret', { PlacementPassword: Buffer.from('placement-password').toString('base64') }],
    ] as const) {
      await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}/secrets`, {
        method: 'POST',
        body: { metadata: { name }, data },
      });
    }

    callsFile = join(workdir, 'kube-calls.jsonl');
    const config = parse(await readFile(join(root, 'deploy/base/config.yaml'), 'utf8')) as {
      data: Record<string, string>;
    };
    server = await startServerProcess(
      { kubeconfig: saKubeconfig, databaseUrl: process.env.DATABASE_URL ?? '' },
      {
        extraEnv: {
          RACKPILOT_INSTALL_CRDS: config.data.RACKPILOT_INSTALL_CRDS ?? '',
          RACKPILOT_NAMESPACE: config.data.RACKPILOT_NAMESPACE ?? '',
          // A Lease left by an earlier test's server is taken over within seconds.
          ...SHORT_LEASE_ENV,
          ...recordKubeCallsEnv(kc, callsFile),
        },
      },
    );
    admin = await signInAsAdmin(server.url);
  }, 180_000);

  afterAll(async () => {
    await removeNamespace(kc, namespace);
    await server?.stop();
  }, 60_000);

  it('starts, lists and watches every kind it caches', async () => {
    expect(await made('watch', 'metal3.io', 'baremetalhosts')).toBe(true);
    expect(await made('list', '', 'secrets')).toBe(true);
    expect((await admin.query('overview.get')).error).toBeUndefined();
    expect((await admin.query('overview.health')).error).toBeUndefined();
  });

  it("lists namespaces for the create forms and makes a form's new one", async () => {
    const listed = await admin.query<string[]>('namespaces.list');
    expect(listed.data).toContain(namespace);
    const created = await admin.mutate<{ status: string }>('namespaces.create', { name: `${namespace}-new` });
    try {
      expect(created.data?.status).toBe('created');
    } finally {
      await removeNamespace(kc, `${namespace}-new`);
    }
  });

  it('answers a booting host and counts the answer for the boot-service alert', async () => {
    const mac = `02:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}:00:02`;
    expect((await bootRequest(`${server?.url ?? ''}/boot/ipxe?mac=${mac}`)).status).toBe(200);
    await eventually(async () => {
      const metrics = await (await fetch(`${server?.url ?? ''}/api/metrics`)).text();
      expect(metrics).toMatch(/^rackpilot_boot_responses_total\{code="2xx"\} [1-9]/m);
    });
  });

  it('creates with each form, acts, provisions, and every controller reconciles what it owns', async () => {
    const host = await admin.mutate<{ status: string }>('hosts.register', {
      ...defaultHostRegisterForm(),
      namespace,
      name: 'h1',
      bmcAddress: 'redfish://10.0.0.5/redfish/v1/Systems/1',
      username: 'admin',
      password: 'bmc-password',
      bootMACAddress: '3C-EC-EF-00-11-22',
    });
    expect(host.data?.status).toBe('created');
    await eventually(async () => {
      expect(
        (await admin.mutate('hosts.act', { namespace, name: 'h1', action: 'power-off' })).error,
      ).toBeUndefined();
    });
    expect((await admin.query('hosts.events', { namespace, name: 'h1' })).error).toBeUndefined();
    expect(
      (await admin.mutate('hosts.delete', { namespace, name: 'h1', confirmName: 'h1' })).error,
    ).toBeUndefined();

    // A host's firmware settings as BMO keeps them (its schema, the settings it read), changed through the page's call.
    const metal3 = `/apis/metal3.io/v1alpha1/namespaces/${namespace}`;
    await kubeRequestJson(kc, `${metal3}/firmwareschemas`, {
      method: 'POST',
      body: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'FirmwareSchema',
        metadata: { name: 'schema-h2' },
        spec: {
          schema: {
            LogicalProc: { attribute_type: 'Enumeration', allowable_values: ['Enabled', 'Disabled'] },
          },
        },
      },
    });
    await kubeRequestJson(kc, `${metal3}/hostfirmwaresettings`, {
      method: 'POST',
      body: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'HostFirmwareSettings',
        metadata: { name: 'h2' },
        spec: { settings: {} },
      },
    });
    const hfs = await kubeRequestJson<{ metadata: { resourceVersion: string } }>(
      kc,
      `${metal3}/hostfirmwaresettings/h2/status`,
      {
        method: 'PATCH',
        contentType: 'application/merge-patch+json',
        body: { status: { schema: { name: 'schema-h2', namespace }, settings: { LogicalProc: 'Enabled' } } },
      },
    );
    await eventually(async () => {
      const changed = await admin.mutate<{ status: string }>('firmware.change', {
        namespace,
        name: 'h2',
        resourceVersion: hfs.metadata.resourceVersion,
        settings: { LogicalProc: 'Disabled' },
      });
      expect(changed.data?.status).toBe('written');
    });
    // Its firmware components as BMO keeps them, an update requested through the page's call.
    const hfc = await kubeRequestJson<{ metadata: { resourceVersion: string } }>(
      kc,
      `${metal3}/hostfirmwarecomponents`,
      {
        method: 'POST',
        body: {
          apiVersion: 'metal3.io/v1alpha1',
          kind: 'HostFirmwareComponents',
          metadata: { name: 'h2' },
          spec: { updates: [] },
        },
      },
    );
    await eventually(async () => {
      const requested = await admin.mutate<{ status: string }>('firmware.componentsChange', {
        namespace,
        name: 'h2',
        resourceVersion: hfc.metadata.resourceVersion,
        updates: [{ component: 'bios', url: 'https://images.example/bios-2.1.0.bin' }],
      });
      expect(requested.data?.status).toBe('written');
    });

    // An inspection's inventory as BMO writes it: the inspection history's controller records it.
    const inspected = parse(
      await readFile(join(root, 'crds/samples/valid/hardwaredata-inspected.yaml'), 'utf8'),
    ) as { metadata: object };
    await kubeRequestJson(kc, `${metal3}/hardwaredata`, {
      method: 'POST',
      body: { ...inspected, metadata: { name: 'h2' } },
    });

    const ironic = await admin.mutate<{ status: string }>('ironic.create', {
      ...defaultIronicForm(),
      namespace,
      name: 'lab',
      tls: { mode: 'generate', secretName: '', dnsName: 'ironic.lab.example' },
      database: { mode: 'new', name: 'lab-db' },
    });
    expect(ironic.data?.status).toBe('created');
    const placement = await admin.mutate<{ status: string }>('placement.create', {
      ...defaultPlacementForm(),
      namespace,
      secret: 'osp-secret',
    });
    expect(placement.data?.status).toBe('created');
    const cluster = await admin.mutate<{ status: string }>('clusters.create', {
      ...validSipClusterForm(),
      namespace,
    });
    expect(cluster.data?.status).toBe('created');
    const provisioned = await admin.mutate<{ status: string }>('hardware.provision', {
      macs: [`02:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}:00:01`],
      namespace,
      cluster: {
        mode: 'new',
        cluster: { name: 'rack', subnet: '10.21.0.0/24', poolStart: '10.21.0.10', poolEnd: '10.21.0.12' },
      },
      role: 'worker',
      hostname: 'node',
    });
    expect(provisioned.data?.status).toBe('created');
    for (const file of [
      'contrail-manager.yaml',
      'contrail-zookeeper.yaml',
      'contrail-rabbitmq.yaml',
      'contrail-vrouter.yaml',
      'contrail-config.yaml',
      'contrail-control.yaml',
      'contrail-kubemanager.yaml',
      'contrail-webui.yaml',
      'contrail-provisionmanager.yaml',
    ]) {
      const text = await readFile(join(root, 'crds/samples/valid', file), 'utf8');
      for (const doc of parseAllDocuments(text)) {
        const object = doc.toJS() as { apiVersion: string; kind: string; metadata: { name: string } };
        const resource = controllerDeclarations.find((d) => d.reconciles.kind === object.kind)?.reconciles;
        if (!resource) throw new Error(`${file}: no controller reconciles ${object.kind}`);
        await kubeRequestJson(kc, collectionPath(resource, namespace), {
          method: 'POST',
          body: { ...object, metadata: { ...object.metadata, namespace } },
        });
      }
    }

    // Every controller has finished a pass (a status that needs no change is not written, so the
    // metrics say it, not the status writes).
    await eventually(
      async () => {
        const finished = new Set(
          (await reconcileCounts(server?.url ?? ''))
            .filter(({ result, count }) => (result === 'success' || result === 'requeue') && count > 0)
            .map(({ controller }) => controller),
        );
        expect(controllerDeclarations.map((d) => d.name).filter((name) => !finished.has(name))).toEqual([]);
      },
      90_000,
      500,
    );
    expect(await made('patch', 'metal3.io', 'ironics/status')).toBe(true);
  }, 180_000);

  it('deletes and releases, and the controllers finalize', async () => {
    expect((await admin.mutate('ironic.delete', { namespace, name: 'lab' })).error).toBeUndefined();
    expect((await admin.mutate('placement.delete', { namespace, name: 'placement' })).error).toBeUndefined();
    expect(
      (await admin.mutate('clusters.delete', { namespace, name: validSipClusterForm().name })).error,
    ).toBeUndefined();
    expect((await admin.mutate('hardware.release', { namespace, name: 'node' })).error).toBeUndefined();
    await eventually(
      async () => {
        for (const [path, name] of [
          [`/apis/metal3.io/v1alpha1/namespaces/${namespace}/ironics`, 'lab'],
          [`/apis/placement.openstack.org/v1beta1/namespaces/${namespace}/placementapis`, 'placement'],
        ] as const) {
          const list = await kubeRequestJson<{ items: { metadata: { name: string } }[] }>(kc, path);
          expect(list.items.map((item) => item.metadata.name)).not.toContain(name);
        }
      },
      60_000,
      500,
    );
  }, 120_000);

  it('was never refused, and made every call the console declares', async () => {
    const recorded = await calls();
    expect(recorded.length).toBeGreaterThan(50);
    // The server reconciles every namespace, other test files' among them, and the API server refuses
    // (403) any create in a namespace being deleted: such refusals say nothing of the roles, so only the
    // calls into this test's namespaces, and cluster-wide ones, are judged, and the log's lines about a
    // namespace being terminated are left out.
    const ours = (call: RecordedCall) =>
      call.namespace === undefined || call.namespace === namespace || call.namespace === SYSTEM_NAMESPACE;
    expect(
      recorded
        .filter((call) => ours(call) && (call.status === 401 || call.status === 403))
        .map((call) => call.path),
    ).toEqual([]);
    const notMade = [];
    for (const access of consoleAccess.filter((entry) => !entry.onlyWhen)) {
      const resource = access.resource.plural + (access.subresource ? `/${access.subresource}` : '');
      for (const verb of access.verbs) {
        if (!(await made(verb, access.resource.group, resource)))
          notMade.push(`${verb} ${access.resource.group}/${resource}`);
      }
    }
    expect(notMade).toEqual([]);
    const refusedLines = (server?.output() ?? '')
      .split('\n')
      .filter((line) => /forbidden/i.test(line) && !line.includes('because it is being terminated'));
    expect(refusedLines).toEqual([]);
  });
});
