// deploy/ against the test control plane: the API server validates every manifest (server-side dry
// run with strict field validation: its OpenAPI schemas, as kubeconform checks offline), and the
// whole server runs authenticated as the shipped ServiceAccount with the shipped roles, through
// every feature. Its requests to the API server are recorded (tools/testenv/record-kube-calls.mjs):
// none may be forbidden, and every call the console declares (server/api/console-access.ts) must
// really be made, so the declared list, and the roles generated from it, cannot drift from the code.
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
import { kubeRequestJson } from '../server/kube/kube-request';
import { collectionPath } from '../server/kube/resource';
import { defaultHostRegisterForm } from '../server/schemas/host-register-form';
import { defaultIronicForm } from '../server/schemas/ironic-form';
import { defaultPlacementForm } from '../server/schemas/placement-form';
import { validSipClusterForm } from '../server/schemas/sip-cluster-form-test-fixtures';
import { ensureControlPlaneBinaries } from '../tools/controlplane/control-plane-binaries';
import { runCommand } from '../tools/lib/run-command';
import { signInAsAdmin, type ConsoleClient } from '../tools/testenv/console-client';
import { eventually } from '../tools/testenv/eventually';
import { kubeRequestInfo, type KubeRequestInfo } from '../tools/testenv/kube-request-info';
import { serviceAccountKubeconfig } from '../tools/testenv/restricted-kubeconfig';
import { startServerProcess, type ServerProcess } from '../tools/testenv/server-process';

const root = fileURLToPath(new URL('..', import.meta.url));
const adminKubeconfig = process.env.KUBECONFIG ?? '';
const kc = new KubeConfig();
kc.loadFromFile(adminKubeconfig);
const SYSTEM_NAMESPACE = 'rackpilot-system';
const RBAC_KINDS = ['ServiceAccount', 'ClusterRole', 'Role', 'ClusterRoleBinding', 'RoleBinding'];
const run = randomBytes(3).toString('hex');
const namespace = `deploy-sa-${run}`;

let kubectl: string;
let workdir: string;
let rbacFile: string;

async function kubectlRun(...args: string[]): Promise<string> {
  const { stdout } = await runCommand(kubectl, ['--kubeconfig', adminKubeconfig, ...args]);
  return stdout;
}

async function ensureNamespace(name: string): Promise<void> {
  await kubeRequestJson(kc, '/api/v1/namespaces', { method: 'POST', body: { metadata: { name } } }).catch(
    (error: unknown) => {
      if ((error as { status?: number }).status !== 409) throw error;
    },
  );
}

beforeAll(async () => {
  kubectl = (await ensureControlPlaneBinaries(() => undefined)).kubectl;
  workdir = await mkdtemp(join(tmpdir(), 'rackpilot-deploy-'));
  // A server-side dry run creates nothing, so the namespaced objects need their namespace to exist.
  await ensureNamespace(SYSTEM_NAMESPACE);
});

afterAll(async () => {
  if (rbacFile) await kubectlRun('delete', '--ignore-not-found', '-f', rbacFile);
  await rm(workdir, { recursive: true, force: true });
});

describe('every manifest in deploy/, validated by the API server', () => {
  it.each(['deploy/crds', 'deploy/overlays/local', 'deploy/overlays/small-site'])(
    'kubectl apply -k %s --dry-run=server',
    async (path) => {
      const out = await kubectlRun('apply', '-k', join(root, path), '--dry-run=server', '--validate=strict');
      const objects = out.trim().split('\n');
      expect(objects.length).toBeGreaterThan(path === 'deploy/crds' ? 11 : 10);
      for (const line of objects) expect(line).toMatch(/\(server dry run\)$/);
    },
  );

  it('refuses a manifest with a misspelt field or a wrong type (the check can fail)', async () => {
    const built = parseAllDocuments(await kubectlRun('kustomize', join(root, 'deploy/overlays/local'))).map(
      (doc) => doc.toJS() as { kind: string; spec: Record<string, unknown> },
    );
    const deployment = built.find((object) => object.kind === 'Deployment');
    if (!deployment) throw new Error('the overlay has no Deployment');
    for (const [field, value, said] of [
      ['replica', 2, /unknown field "spec.replica"/],
      ['replicas', 'two', /replicas/],
    ] as const) {
      const file = join(workdir, `broken-${field}.yaml`);
      await writeFile(file, stringify({ ...deployment, spec: { ...deployment.spec, [field]: value } }));
      await expect(kubectlRun('apply', '-f', file, '--dry-run=server', '--validate=strict')).rejects.toThrow(
        said,
      );
    }
  });
});

interface RecordedCall extends KubeRequestInfo {
  status: number;
  path: string;
}

async function recordedCalls(file: string): Promise<RecordedCall[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      const { method, path, status } = JSON.parse(line) as { method: string; path: string; status: number };
      const info = kubeRequestInfo(method, path);
      return info ? [{ ...info, status, path }] : [];
    });
}

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
    const built = parseAllDocuments(await kubectlRun('kustomize', join(root, 'deploy/overlays/local')))
      .map((doc) => doc.toJS() as { kind: string })
      .filter((object) => RBAC_KINDS.includes(object.kind));
    expect(built.map((object) => object.kind).sort()).toEqual([...RBAC_KINDS].sort());
    rbacFile = join(workdir, 'rbac.yaml');
    await writeFile(rbacFile, built.map((object) => stringify(object)).join('---\n'));
    await kubectlRun('apply', '-f', rbacFile);
    const saKubeconfig = join(workdir, 'service-account.kubeconfig');
    await serviceAccountKubeconfig(kc, SYSTEM_NAMESPACE, 'rackpilot', saKubeconfig);

    await ensureNamespace(namespace);
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
          RACKPILOT_LEASE_DURATION_MS: '4000',
          RACKPILOT_LEASE_RENEW_DEADLINE_MS: '3000',
          RACKPILOT_LEASE_RETRY_PERIOD_MS: '500',
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${join(root, 'tools/testenv/record-kube-calls.mjs')}`,
          RECORD_KUBE_CALLS_TO: callsFile,
          RECORD_KUBE_API_SERVER: new URL(kc.getCurrentCluster()?.server ?? '').host,
        },
      },
    );
    admin = await signInAsAdmin(server.url);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}`, { method: 'DELETE' }).catch(() => undefined);
  });

  it('starts, lists and watches every kind it caches', async () => {
    expect(await made('watch', 'metal3.io', 'baremetalhosts')).toBe(true);
    expect(await made('list', '', 'secrets')).toBe(true);
    expect((await admin.query('overview.get')).error).toBeUndefined();
    expect((await admin.query('overview.health')).error).toBeUndefined();
  });

  it('creates with each form, acts, provisions, and every controller reconciles what it owns', async () => {
    const host = await admin.mutate<{ status: string }>('bareMetalHosts.register', {
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
        (await admin.mutate('bareMetalHosts.act', { namespace, name: 'h1', action: 'power-off' })).error,
      ).toBeUndefined();
    });
    expect((await admin.query('bareMetalHosts.events', { namespace, name: 'h1' })).error).toBeUndefined();
    expect(
      (await admin.mutate('bareMetalHosts.delete', { namespace, name: 'h1', confirmName: 'h1' })).error,
    ).toBeUndefined();

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
    const cluster = await admin.mutate<{ status: string }>('tenantClusters.create', {
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
    for (const file of ['contrail-manager.yaml', 'contrail-zookeeper.yaml', 'contrail-rabbitmq.yaml']) {
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

    await eventually(
      async () => {
        const missing = [];
        for (const declaration of controllerDeclarations) {
          const { group, plural } = declaration.reconciles;
          if (!(await made('patch', group, `${plural}/status`))) missing.push(declaration.name);
        }
        expect(missing).toEqual([]);
      },
      90_000,
      500,
    );
  }, 180_000);

  it('deletes and releases, and the controllers finalize', async () => {
    expect((await admin.mutate('ironic.delete', { namespace, name: 'lab' })).error).toBeUndefined();
    expect((await admin.mutate('placement.delete', { namespace, name: 'placement' })).error).toBeUndefined();
    expect(
      (await admin.mutate('tenantClusters.delete', { namespace, name: validSipClusterForm().name })).error,
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
    expect(
      recorded.filter((call) => call.status === 401 || call.status === 403).map((call) => call.path),
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
    expect(server?.output()).not.toMatch(/forbidden/i);
  });
});
