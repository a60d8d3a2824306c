// Issue 16 finding 7: a CRD of ours that another operator installed is left as it is, and the admin
// page says so (readyz names it too). On a control plane of its own: the shared one has ours.
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { V1CustomResourceDefinition } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin } from '../../../tools/testenv/console-client';
import { startDisposableCluster, type DisposableCluster } from '../../../tools/testenv/restart-control-plane';
import { startServerProcess, type ServerProcess } from '../../../tools/testenv/server-process';
import { controllerNames } from '../../controllers/build-controllers';
import { FIELD_MANAGER } from '../../kube/apply';
import { CRD_OWNER_ANNOTATION, readCrdFiles } from '../../kube/install-crds';
import { kubeGetJson, kubeRequestJson } from '../../kube/kube-request';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
let cluster: DisposableCluster;
let server: ServerProcess;
let dir: string;
let foreign: V1CustomResourceDefinition;

beforeAll(async () => {
  cluster = await startDisposableCluster();
  dir = await mkdtemp(join(tmpdir(), 'rackpilot-crds-'));
  const kubeconfig = join(dir, 'kubeconfig');
  await writeFile(kubeconfig, cluster.kc.exportConfig());
  const ours = await readCrdFiles(fileURLToPath(new URL('../../../crds', import.meta.url)));
  const [first] = ours;
  if (!first) throw new Error('no CRD files');
  // The same CRD as an upstream operator would install it: no annotation of ours, its own manager.
  foreign = await kubeRequestJson<V1CustomResourceDefinition>(cluster.kc, CRDS, {
    method: 'POST',
    query: { fieldManager: 'upstream-operator' },
    body: Object.assign({}, first, { metadata: { name: first.metadata?.name } }),
  });
  server = await startServerProcess(
    { kubeconfig, databaseUrl: process.env.DATABASE_URL ?? '' },
    { extraEnv: { RACKPILOT_DISABLED_CONTROLLERS: controllerNames.join(',') } },
  );
}, 300_000);

afterAll(async () => {
  await server.stop();
  await cluster.remove();
  await rm(dir, { recursive: true, force: true });
});

describe('a CRD another operator installed', () => {
  it('is left untouched and listed on the admin page', async () => {
    const name = foreign.metadata?.name ?? '';
    const after = await kubeGetJson<V1CustomResourceDefinition>(cluster.kc, `${CRDS}/${name}`);
    // Its status moves on (the API server marks it established), its definition does not.
    expect(after.spec).toEqual(foreign.spec);
    expect(after.metadata?.managedFields?.map((entry) => entry.manager)).not.toContain(FIELD_MANAGER);
    expect(after.metadata?.annotations?.[CRD_OWNER_ANNOTATION]).toBeUndefined();

    const admin = await signInAsAdmin(server.url);
    const listed = await admin.query<{ name: string; outcome: string }[]>('access.crdsLeftAlone');
    expect(listed.data).toEqual([{ name, outcome: 'foreign' }]);
  });
});
