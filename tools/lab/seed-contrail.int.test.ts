// The lab's Contrail Manager on the local cluster's simulated nodes (as `npm start` seeds it): the
// data services go active and the three vRouter groups ready, none overlapping.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { kubeGetJson, kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath } from '../../server/kube/resource';
import { managerResource, vrouterResource, type Manager, type Vrouter } from '../../server/types/crds';
import { ensureSimulatedNodes } from '../controlplane/kwok-nodes';
import { startControllers, type ControllerHarness } from '../testenv/controller-harness';
import { eventually } from '../testenv/eventually';
import { removeNamespace } from '../testenv/remove-namespace';
import { seedContrail } from './seed-contrail';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `lab-contrail-${randomBytes(3).toString('hex')}`;
let harness: ControllerHarness;

beforeAll(async () => {
  // A shared cluster may predate the Contrail labels; this adds them as `npm start` would.
  await ensureSimulatedNodes(kc);
  await kubeRequestJson(kc, '/api/v1/namespaces', {
    method: 'POST',
    body: { metadata: { name: namespace } },
  });
  harness = await startControllers(kc, ['contrail']);
}, 120_000);

afterAll(async () => {
  await removeNamespace(kc, namespace);
  await harness.stop();
});

it("applies the design's example: the DPDK group goes ready, the SR-IOV and kernel-mode groups show their conflict", async () => {
  const text = readFileSync(
    fileURLToPath(new URL('../../crds/samples/valid/contrail-manager-vrouter-groups.yaml', import.meta.url)),
    'utf8',
  );
  const example = parse(text) as Manager;
  await kubeRequestJson(kc, collectionPath(managerResource, namespace), {
    method: 'POST',
    body: { ...example, metadata: { name: example.metadata.name, namespace } },
  });
  const group = (name: string) =>
    kubeGetJson<Vrouter>(kc, `${collectionPath(vrouterResource, namespace)}/${name}`);
  await eventually(
    async () => {
      expect((await group('vrouter-dpdk-group1')).status?.conditions?.[0]).toMatchObject({ status: 'True' });
      for (const [name, other] of [
        ['vrouter-sriov-group1', 'vrouter-kernelmode-group1'],
        ['vrouter-kernelmode-group1', 'vrouter-sriov-group1'],
      ] as const) {
        const vrouter = await group(name);
        expect(vrouter.status?.conflicts).toEqual([
          { node: 'kwok-rack-b-1', groups: [`${namespace}/${other}`] },
        ]);
        expect(vrouter.status?.conditions?.[0]).toMatchObject({ status: 'False', reason: 'NodeConflict' });
        expect(vrouter.status?.conditions?.[0]?.message).toContain('kwok-rack-b-1');
      }
    },
    180_000,
    1000,
  );
  // Make way for the lab Manager, whose groups select the same nodes.
  await kubeRequestJson(kc, `${collectionPath(managerResource, namespace)}/${example.metadata.name ?? ''}`, {
    method: 'DELETE',
    query: { propagationPolicy: 'Foreground' },
  });
  await eventually(
    async () => {
      const groups = await kubeGetJson<{ items: Vrouter[] }>(kc, collectionPath(vrouterResource, namespace));
      expect(groups.items).toEqual([]);
    },
    120_000,
    1000,
  );
}, 360_000);

it('shows the lab Manager active with three ready vRouter groups', async () => {
  await seedContrail(kc, namespace);
  await eventually(
    async () => {
      const manager = await kubeGetJson<Manager>(
        kc,
        `${collectionPath(managerResource, namespace)}/lab-contrail`,
      );
      expect(manager.status?.conditions?.[0]).toMatchObject({ status: 'True' });
      expect(manager.status?.rabbitmq?.active).toBe(true);
      const groups = await kubeGetJson<{ items: Vrouter[] }>(kc, collectionPath(vrouterResource, namespace));
      expect(groups.items.map((g) => [g.metadata.name, g.status?.readyNodes, g.status?.conflicts])).toEqual([
        ['vrouter-dpdk-group1', 1, []],
        ['vrouter-kernelmode-group1', 1, []],
        ['vrouter-sriov-group1', 1, []],
      ]);
    },
    180_000,
    1000,
  );
}, 240_000);
