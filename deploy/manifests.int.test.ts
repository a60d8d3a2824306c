// Every manifest in deploy/, validated by the API server of the test control plane: a server-side dry
// run with strict field validation checks each object against the API server's own OpenAPI schemas (what
// kubeconform does offline), admission included. deploy/service-account.int.test.ts runs the server
// under the shipped roles.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KubeConfig } from '@kubernetes/client-node';
import { parseAllDocuments, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNamespace } from '../server/kube/ensure-namespace';
import { adminKubectl } from '../tools/testenv/kubectl';

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
});
