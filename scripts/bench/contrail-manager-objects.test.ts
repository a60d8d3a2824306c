import { describe, expect, it } from 'vitest';
import { matchesNodeSelector } from '../../server/controllers/contrail';
import { benchManager, managerBenchNodes, MASTER_LABEL } from './contrail-manager-objects';

describe("bench:contrail's manager scope", () => {
  const manager = benchManager(4);
  const nodes = managerBenchNodes(8, 4);
  const services = manager.spec.services ?? {};

  it('asks for every service of the sample: data services, the five components and the groups', () => {
    expect(Object.keys(services).sort()).toEqual([
      'cassandras',
      'config',
      'controls',
      'kubemanagers',
      'provisionManager',
      'rabbitmq',
      'vrouters',
      'webui',
      'zookeepers',
    ]);
    expect(manager.metadata.namespace).toBe('bench-contrail');
    // The Manager's own nodes are the masters: three replicas and three hostAliases at any node count.
    expect(manager.spec.commonConfiguration).toMatchObject({
      hostNetwork: true,
      nodeSelector: { [MASTER_LABEL]: '' },
    });
  });

  it('makes each group name the sample’s Control and select exactly its own two nodes', () => {
    const control = services.controls?.[0]?.metadata.name;
    expect(services.vrouters?.map((v) => v.metadata.name)).toEqual(['g0000', 'g0001', 'g0002', 'g0003']);
    for (const [i, group] of (services.vrouters ?? []).entries()) {
      expect(group.spec?.serviceConfiguration?.controlInstance).toBe(control);
      // In the Control's cluster, as the Vrouter finds its Config by the cluster label.
      expect(group.metadata.labels?.contrail_cluster).toBe(
        services.controls?.[0]?.metadata.labels?.contrail_cluster,
      );
      const selected = nodes.filter((n) =>
        matchesNodeSelector(group.spec?.commonConfiguration?.nodeSelector, n.metadata?.labels),
      );
      expect(selected.map((n) => n.metadata?.name)).toEqual([
        `bench-n${String(2 * i).padStart(5, '0')}`,
        `bench-n${String(2 * i + 1).padStart(5, '0')}`,
      ]);
    }
  });

  it('puts the control plane on the three masters alone, every node with an address of its own', () => {
    const selector = services.config?.spec?.commonConfiguration?.nodeSelector;
    expect(selector).toEqual({ [MASTER_LABEL]: '' });
    const masters = nodes.filter((n) => matchesNodeSelector(selector, n.metadata?.labels));
    expect(masters.map((n) => n.metadata?.name)).toEqual(['bench-m0', 'bench-m1', 'bench-m2']);
    const addresses = nodes.map((n) => n.status?.addresses?.find((a) => a.type === 'InternalIP')?.address);
    expect(new Set(addresses).size).toBe(nodes.length);
    expect(addresses).not.toContain(undefined);
  });
});
