import { describe, expect, it } from 'vitest';
import { creationStages } from '../../server/controllers/contrail/plan-manager';
import { managerFloorStages } from './contrail-manager-floor-plan';
import { benchManager, managerBenchNodes } from './contrail-manager-objects';

const now = new Date('2026-12-07T00:00:00Z');

describe('creationStages', () => {
  it("follows upstream's order: data services, Config, what waits for Config, then the vRouters", () => {
    expect(creationStages()).toEqual([
      ['Cassandra', 'Zookeeper', 'Rabbitmq'],
      ['Config'],
      ['Control', 'Kubemanager', 'Webui', 'ProvisionManager'],
      ['Vrouter'],
    ]);
  });
});

describe("the whole Manager's floor: its children in stages", () => {
  const manager = benchManager(4);
  const stages = managerFloorStages(manager, managerBenchNodes(8, 4), now);
  const named = stages.map((stage) =>
    stage.map((object) => `${object.kind ?? ''} ${object.metadata?.name ?? ''}`),
  );

  it('holds every service of the spec once, each in its stage', () => {
    const services = manager.spec.services ?? {};
    expect(named).toEqual([
      [
        `Cassandra ${services.cassandras?.[0]?.metadata.name ?? ''}`,
        `Zookeeper ${services.zookeepers?.[0]?.metadata.name ?? ''}`,
        `Rabbitmq ${services.rabbitmq?.metadata.name ?? ''}`,
      ],
      [`Config ${services.config?.metadata.name ?? ''}`],
      [
        `Control ${services.controls?.[0]?.metadata.name ?? ''}`,
        `Kubemanager ${services.kubemanagers?.[0]?.metadata.name ?? ''}`,
        `Webui ${services.webui?.metadata.name ?? ''}`,
        `ProvisionManager ${services.provisionManager?.metadata.name ?? ''}`,
      ],
      ['Vrouter g0000', 'Vrouter g0001', 'Vrouter g0002', 'Vrouter g0003'],
    ]);
  });

  it("renders them as the controller does: the masters' replicas and aliases, owned by the Manager", () => {
    const [cassandra] = stages[0] ?? [];
    const spec = (cassandra as unknown as { spec: { commonConfiguration: Record<string, unknown> } }).spec;
    // Three masters of the eleven nodes are the Manager's: three replicas, three aliases.
    expect(spec.commonConfiguration.replicas).toBe(3);
    expect(spec.commonConfiguration.hostAliases).toHaveLength(3);
    for (const object of stages.flat()) {
      expect(object.metadata?.namespace).toBe('bench-contrail');
      expect(object.metadata?.ownerReferences?.[0]).toMatchObject({ kind: 'Manager', controller: true });
    }
  });
});
