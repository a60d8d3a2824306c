// Every manifest in deploy/, validated by the API server of the test control plane: a server-side dry
// run with strict field validation checks each object against the API server's own OpenAPI schemas (what
// kubeconform does offline), admission included. deploy/service-account.int.test.ts runs the server
// under the shipped roles.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KubeConfig, type V1ClusterRole } from '@kubernetes/client-node';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNamespace } from '../server/kube/ensure-namespace';
import { adminKubectl } from '../tools/testenv/kubectl';
import { IMPERSONATE_BASE_ROLE_FILE } from '../scripts/rbac/role-files';

const root = fileURLToPath(new URL('..', import.meta.url));
const kc = new KubeConfig();
kc.loadFromDefault();
let kubectl: (...args: string[]) => Promise<string>;
let workdir: string;

beforeAll(async () => {
  kubectl = await adminKubectl(process.env.KUBECONFIG ?? '');
  workdir = await mkdtemp(join(tmpdir(), 'rackpilot-deploy-'));
  // A dry run creates nothing, so the namespaced objects need their namespace to exist already.
  await ensureNamespace(kc, 'rackpilot-system');
});

afterAll(async () => {
  await rm(workdir, { recursive: true, force: true });
});

describe('every manifest in deploy/, validated by the API server', () => {
  it.each(['deploy/crds', 'deploy/overlays/local', 'deploy/overlays/small-site'])(
    'kubectl apply -k %s --dry-run=server',
    async (path) => {
      const out = await kubectl('apply', '-k', join(root, path), '--dry-run=server', '--validate=strict');
      const objects = out.trim().split('\n');
      expect(objects.length).toBeGreaterThan(path === 'deploy/crds' ? 11 : 10);
      for (const line of objects) expect(line).toMatch(/\(server dry run\)$/);
    },
  );

  it('refuses a manifest with a misspelt field or a wrong type (the check can fail)', async () => {
    const built = parseAllDocuments(await kubectl('kustomize', join(root, 'deploy/overlays/local'))).map(
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
      await expect(kubectl('apply', '-f', file, '--dry-run=server', '--validate=strict')).rejects.toThrow(
        said,
      );
    }
  });

  it('with the impersonate component: the base ClusterRole is the generated one without console writes', async () => {
    const overlay = join(workdir, 'impersonate');
    await mkdir(overlay);
    await writeFile(
      join(overlay, 'kustomization.yaml'),
      stringify({
        apiVersion: 'kustomize.config.k8s.io/v1beta1',
        kind: 'Kustomization',
        resources: [relative(overlay, join(root, 'deploy/overlays/local'))],
        components: [relative(overlay, join(root, 'deploy/components/impersonate'))],
      }),
    );
    const text = await kubectl('kustomize', '--load-restrictor', 'LoadRestrictionsNone', overlay);
    const built = parseAllDocuments(text).map(
      (doc) => doc.toJS() as V1ClusterRole & { data?: Record<string, string> },
    );
    const generated = parse(await readFile(join(root, IMPERSONATE_BASE_ROLE_FILE), 'utf8')) as V1ClusterRole;
    const roles = built.filter((object) => object.kind === 'ClusterRole');
    expect(roles.map((role) => role.metadata?.name).sort()).toEqual(['rackpilot', 'rackpilot-impersonate']);
    expect(roles.find((role) => role.metadata?.name === 'rackpilot')?.rules).toEqual(generated.rules);
    const config = built.find(
      (object) => object.kind === 'ConfigMap' && object.metadata?.name === 'rackpilot-config',
    );
    expect(config?.data?.RACKPILOT_IMPERSONATE).toBe('1');
    const file = join(overlay, 'built.yaml');
    await writeFile(file, text);
    const out = await kubectl('apply', '-f', file, '--dry-run=server', '--validate=strict');
    for (const line of out.trim().split('\n')) expect(line).toMatch(/\(server dry run\)$/);
  });
});
