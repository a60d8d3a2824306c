// The Manager of upstream's `2-start-operator-3node.yaml`, unchanged (tests/fixtures/contrail), on
// the local cluster's own simulated nodes: three labelled as masters, one as a vRouter node. Its data
// services run three pods each, one per master on the node's InternalIP (hostNetwork), OrderedReady;
// then every service of the sample goes active and the Manager is Ready; the vRouter agents' files
// name the Control's nodes; with Config's pods made not ready the Manager's Ready goes False naming
// Config, and comes back.
import { readFileSync } from 'node:fs';
import type { V1ConfigMap, V1Pod } from '@kubernetes/client-node';
import { expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { simulatedNodes } from '../../../tools/controlplane/kwok-nodes';
import { ALL_ACTIVE } from '../../../tools/testenv/contrail-manager-test';
import { kc } from '../../../tools/testenv/contrail-test-cluster';
import { eventually } from '../../../tools/testenv/eventually';
import {
  expectSampleNamesConfigNotReady,
  MASTER_LABEL,
  sampleManager,
  sampleOnLocalNodes,
  VROUTER_LABEL,
} from '../../../tools/testenv/local-nodes-sample';
import { kubeGetJson, kubeRequestJson } from '../../kube/kube-request';
import { collectionPath, configMapResource, podResource } from '../../kube/resource';
import {
  controlResource,
  managerResource,
  type Control,
  type Manager,
  type ManagerServiceStatus,
} from '../../types/crds';

const [sample] = parseAllDocuments(
  readFileSync(
    new URL('../../../tests/fixtures/contrail/2-start-operator-3node.yaml', import.meta.url),
    'utf8',
  ),
).map((doc) => doc.toJS() as Manager);
const namespace = sample?.metadata.namespace ?? '';
// Three masters: every simulated node but the one the vRouter group of workers gets.
const vrouterNode = simulatedNodes.find((node) => node.role === 'worker');
const masters = simulatedNodes.filter((node) => node !== vrouterNode);

sampleOnLocalNodes(sample, [
  ...masters.map((node): [string, string, string] => [node.name, MASTER_LABEL, '']),
  [vrouterNode?.name ?? '', VROUTER_LABEL, 'vrouter'],
]);

/** Every entry of the sample's spec.services as `<field> <name>`. */
function entriesOf(services: Record<string, unknown>): string[] {
  return Object.entries(services)
    .flatMap(([field, value]) =>
      (Array.isArray(value) ? value : [value]).map(
        (entry) => `${field} ${(entry as { metadata: { name: string } }).metadata.name}`,
      ),
    )
    .sort();
}

/** The same, from the Manager's status, for the entries that are active. */
function activeIn(status: Manager['status']): string[] {
  return Object.entries(status ?? {})
    .flatMap(([field, value]) =>
      (Array.isArray(value) ? value : [value])
        .filter((entry): entry is ManagerServiceStatus => typeof entry === 'object' && entry !== null)
        .filter((entry) => entry.active === true && entry.name !== undefined)
        .map((entry) => `${field} ${entry.name ?? ''}`),
    )
    .sort();
}

it("gets the Manager of upstream's 3-node sample active and Ready on three local masters", async () => {
  if (!sample || masters.length !== 3) throw new Error('no 3-node sample or not three nodes for masters');
  await kubeRequestJson(kc, collectionPath(managerResource, namespace), { method: 'POST', body: sample });
  const services = sample.spec.services ?? {};
  const addresses = masters.map((node) => [node.name, node.address]).sort();
  const dataServices = [
    ['cassandra', services.cassandras?.[0]?.metadata.name],
    ['zookeeper', services.zookeepers?.[0]?.metadata.name],
    ['rabbitmq', services.rabbitmq?.metadata.name],
  ] as const;
  await eventually(
    async () => {
      for (const [type, name = ''] of dataServices) {
        const pods = await kubeGetJson<{ items: V1Pod[] }>(kc, collectionPath(podResource, namespace), {
          labelSelector: `contrail_manager=${type},${type}=${name}`,
        });
        // One pod per master, its IP the node's InternalIP (hostNetwork), as on a real cluster.
        expect({ type, pods: pods.items.map((p) => [p.spec?.nodeName, p.status?.podIP]).sort() }).toEqual({
          type,
          pods: addresses,
        });
      }
    },
    240_000,
    1000,
  );
  await eventually(
    async () => {
      const manager = await sampleManager(sample);
      // Every service the sample asks for is run by Rackpilot and active ...
      expect(manager.status?.notManaged).toEqual([]);
      expect(activeIn(manager.status)).toEqual(entriesOf(services));
      // ... and none is short of its spec: Ready.
      expect(manager.status?.conditions?.[0]).toMatchObject(ALL_ACTIVE);
    },
    300_000,
    1000,
  );
  // The vRouter agents talk to the Control the sample names, over XMPP on its pods' addresses.
  const controlName = services.controls?.[0]?.metadata.name ?? '';
  const control = await kubeGetJson<Control>(
    kc,
    `${collectionPath(controlResource, namespace)}/${controlName}`,
  );
  const servers = Object.values(control.status?.nodes ?? {})
    .sort()
    .map((ip) => `${ip}:5269`)
    .join(' ');
  const vrouter = services.vrouters?.find((v) => v.metadata.name) ?? { metadata: { name: '' } };
  const configMap = await kubeGetJson<V1ConfigMap>(
    kc,
    `${collectionPath(configMapResource, namespace)}/${vrouter.metadata.name}-vrouter-configmap`,
  );
  const agentFiles = Object.entries(configMap.data ?? {}).filter(([key]) => key.startsWith('vrouter.'));
  expect(agentFiles.length).toBeGreaterThan(0);
  for (const [, text] of agentFiles) expect(text).toContain(`[CONTROL-NODE]\nservers=${servers}\n`);
  await expectSampleNamesConfigNotReady(sample);
}, 720_000);
