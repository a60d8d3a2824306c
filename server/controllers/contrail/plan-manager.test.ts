import { describe, expect, it } from 'vitest';
import type { Manager } from '../../types/crds/manager';
import { planManager, quorumReplicas } from './plan-manager';

const now = new Date('2026-01-01T00:00:00Z');

function manager(services: NonNullable<Manager['spec']['services']>): Manager {
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Manager',
    metadata: { name: 'cluster1', namespace: 'ns', uid: 'm1', generation: 1 },
    spec: { commonConfiguration: { hostNetwork: true, nodeSelector: { role: 'infra' } }, services },
  };
}

describe('quorumReplicas', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 1],
    [3, 3],
    [4, 3],
  ])('%i nodes → %i replicas', (nodes, replicas) => expect(quorumReplicas(nodes)).toBe(replicas));
});

describe('planManager', () => {
  const services = {
    cassandras: [{ metadata: { name: 'cassandra1' }, spec: { serviceConfiguration: {} } }],
    vrouters: [
      {
        metadata: { name: 'vr1' },
        spec: { serviceConfiguration: { cassandraInstance: 'cassandra1' } },
      },
    ],
    keystone: { metadata: { name: 'keystone1' } },
  };

  it('creates children with the Manager as controller, merged settings and node-count replicas', () => {
    const plan = planManager(
      { manager: manager(services), nodes: [{}, {}, {}, {}], child: () => undefined },
      now,
    );
    const cassandra = plan.objects.find((c) => c.kind === 'Cassandra') as unknown as {
      metadata: { labels: Record<string, string>; ownerReferences: { uid: string; controller: boolean }[] };
      spec: { commonConfiguration: Record<string, unknown>; serviceConfiguration: Record<string, unknown> };
    };
    expect(cassandra.metadata.labels.contrail_cluster).toBe('cluster1');
    expect(cassandra.metadata.ownerReferences[0]).toMatchObject({ uid: 'm1', controller: true });
    expect(cassandra.spec.commonConfiguration).toMatchObject({
      replicas: 3,
      hostNetwork: true,
      nodeSelector: { role: 'infra' },
    });
    expect(cassandra.spec.serviceConfiguration.clusterName).toBe('cluster1');
  });

  it('tells when every service of its spec becomes active, and nothing while they come up', () => {
    const { keystone: _unmanaged, ...managed } = services;
    const plan = (active: boolean) =>
      planManager({ manager: manager(managed), nodes: [{}], child: () => ({ active }) }, now);
    expect(plan(false).events).toEqual([]);
    expect(plan(true).events).toEqual([
      { type: 'Normal', reason: 'AllServicesActive', note: 'every service in the spec is active' },
    ]);
  });

  it('holds a vRouter back until its Cassandra is active, and says so in Ready', () => {
    const plan = planManager({ manager: manager(services), nodes: [{}], child: () => undefined }, now);
    expect(plan.objects.map((c) => c.kind)).toEqual(['Cassandra']);
    expect(plan.status.waiting).toEqual([
      { service: 'vrouters', name: 'vr1', reason: 'cassandra cassandra1 is not active yet' },
    ]);
    expect(plan.status.conditions?.[0]).toMatchObject({ status: 'False', reason: 'WaitingForDependencies' });
    expect(plan.status.notManaged).toEqual([{ service: 'keystone', name: 'keystone1' }]);
  });

  it('is not Ready while a service of its spec is one Rackpilot does not run, and names it', () => {
    const plan = planManager(
      { manager: manager(services), nodes: [{}], child: () => ({ active: true }) },
      now,
    );
    expect(plan.objects.map((c) => c.kind)).toEqual(['Cassandra', 'Vrouter']);
    expect(plan.status.conditions?.[0]).toMatchObject({
      status: 'False',
      reason: 'ServicesNotManaged',
      message: 'not run by Rackpilot, so never active: keystone keystone1',
    });
  });

  it.each([
    ['every child active, nothing unmanaged', { active: true }, false, 'True', 'AllServicesActive'],
    ['a child not active yet', { active: false }, false, 'False', 'ServicesNotActive'],
    ['a child not created yet', undefined, false, 'False', 'ServicesNotActive'],
    ['a child not active and a service unmanaged', { active: false }, true, 'False', 'ServicesNotActive'],
  ] as const)('Ready with %s: %s %s', (_case, child, withUnmanaged, status, reason) => {
    const { keystone, vrouters: _vrouters, ...rest } = services;
    const spec = withUnmanaged ? { ...rest, keystone } : rest;
    const plan = planManager({ manager: manager(spec), nodes: [{}], child: () => child }, now);
    const ready = plan.status.conditions?.[0];
    expect(ready).toMatchObject({ status, reason });
    if (withUnmanaged)
      expect(ready?.message).toContain('not run by Rackpilot, so never active: keystone keystone1');
  });

  it('expands a group into a Vrouter with its profiles resolved and leaves inactive groups out', () => {
    const plan = planManager(
      {
        manager: manager({
          vrouterProfileTemplates: [
            { metadata: { name: 'p1' }, spec: { dpdkConfiguration: { coreMask: '0xF' } } },
          ],
          vrouterTemplates: [
            {
              metadata: { name: 'g1' },
              spec: {
                nodeSelector: { nicType: 'x710' },
                configuration: { vRouterGateway: '1.1.1.1', profiles: ['p1'] },
              },
            },
            { metadata: { name: 'g2' }, spec: { activate: false } },
          ],
        }),
        nodes: [],
        child: () => undefined,
      },
      now,
    );
    expect(plan.objects.map((c) => c.metadata?.name)).toEqual(['g1']);
    expect((plan.objects[0] as unknown as { spec: unknown }).spec).toMatchObject({
      commonConfiguration: { nodeSelector: { nicType: 'x710' } },
      serviceConfiguration: {
        gateway: '1.1.1.1',
        profiles: [{ name: 'p1', dpdkConfiguration: { coreMask: '0xF' } }],
      },
    });
  });

  it('passes the Control a group names to its Vrouter, created once that Control is active', () => {
    const services = {
      controls: [{ metadata: { name: 'control1' }, spec: { serviceConfiguration: {} } }],
      vrouterTemplates: [
        { metadata: { name: 'g1' }, spec: { configuration: { controlInstance: 'control1', profiles: [] } } },
      ],
    };
    const plan = (active: boolean) =>
      planManager(
        {
          manager: manager(services),
          nodes: [],
          child: (_resource, name) => (name === 'control1' ? { active } : undefined),
        },
        now,
      );
    const waiting = plan(false);
    expect(waiting.objects.map((c) => c.kind)).toEqual(['Control']);
    expect(waiting.status.waiting).toEqual([
      { service: 'vrouters', name: 'g1', reason: 'control control1 is not active yet' },
    ]);
    const created = plan(true);
    expect(created.objects.map((c) => c.kind)).toEqual(['Control', 'Vrouter']);
    expect((created.objects[1] as unknown as { spec: unknown }).spec).toMatchObject({
      serviceConfiguration: { controlInstance: 'control1' },
    });
  });

  describe('Config', () => {
    const withConfig = {
      cassandras: [{ metadata: { name: 'cassandra1' }, spec: { serviceConfiguration: {} } }],
      zookeepers: [{ metadata: { name: 'zookeeper1' }, spec: { serviceConfiguration: {} } }],
      rabbitmq: { metadata: { name: 'rabbitmq1' }, spec: { serviceConfiguration: {} } },
      config: {
        metadata: { name: 'config1' },
        spec: { serviceConfiguration: { cassandraInstance: 'cassandra1', zookeeperInstance: 'zookeeper1' } },
      },
    };
    /** Children active but those named; Config not created unless `config` says how it is. */
    const activeExcept =
      (inactive: string[], config?: { active: boolean }) => (_resource: unknown, name: string) =>
        name === 'config1' ? config : { active: !inactive.includes(name) };

    it.each([
      ['every data service active', [], ['Cassandra', 'Zookeeper', 'Rabbitmq', 'Config'], []],
      [
        'ZooKeeper not active',
        ['zookeeper1'],
        ['Cassandra', 'Zookeeper', 'Rabbitmq'],
        ['zookeeper zookeeper1 is not active yet'],
      ],
      [
        'Cassandra and RabbitMQ not active',
        ['cassandra1', 'rabbitmq1'],
        ['Cassandra', 'Zookeeper', 'Rabbitmq'],
        ['cassandra cassandra1 is not active yet, rabbitmq rabbitmq1 is not active yet'],
      ],
    ])('with %s creates %j', (_case, inactive, kinds, reasons) => {
      const plan = planManager(
        { manager: manager(withConfig), nodes: [{}], child: activeExcept(inactive) },
        now,
      );
      expect(plan.objects.map((c) => c.kind)).toEqual(kinds);
      expect(plan.status.waiting?.map((w) => w.reason)).toEqual(reasons);
      expect(plan.status.notManaged).toEqual([]);
    });

    it('waits while it names no Cassandra or ZooKeeper, naming the fields to set', () => {
      const config = { metadata: { name: 'config1' }, spec: { serviceConfiguration: {} } };
      const plan = planManager(
        { manager: manager({ ...withConfig, config }), nodes: [{}], child: activeExcept([]) },
        now,
      );
      expect(plan.status.waiting).toEqual([
        {
          service: 'config',
          name: 'config1',
          reason:
            'serviceConfiguration.cassandraInstance is not set, serviceConfiguration.zookeeperInstance is not set',
        },
      ]);
    });

    it('is Ready only once Config is active too, and names it while it is not', () => {
      const plan = (configActive: boolean) =>
        planManager(
          {
            manager: manager(withConfig),
            nodes: [{}],
            child: activeExcept([], { active: configActive }),
          },
          now,
        );
      expect(plan(false).status.config).toEqual({ name: 'config1', active: false, created: true });
      expect(plan(false).status.conditions?.[0]).toMatchObject({
        status: 'False',
        reason: 'ServicesNotActive',
        message: 'not active yet: config config1',
      });
      expect(plan(true).status.conditions?.[0]).toMatchObject({
        status: 'True',
        reason: 'AllServicesActive',
      });
    });
  });

  describe('Control', () => {
    const withControl = {
      cassandras: [{ metadata: { name: 'cassandra1' }, spec: { serviceConfiguration: {} } }],
      config: { metadata: { name: 'config1' }, spec: { serviceConfiguration: {} } },
      controls: [
        {
          metadata: { name: 'control1' },
          spec: { serviceConfiguration: { cassandraInstance: 'cassandra1' } },
        },
      ],
      vrouters: [
        {
          metadata: { name: 'vr1' },
          spec: { serviceConfiguration: { cassandraInstance: 'cassandra1', controlInstance: 'control1' } },
        },
      ],
    };
    /** Every child exists; those named are not active. */
    const child = (inactive: string[]) => (_resource: unknown, name: string) =>
      name === 'vr1' || (name === 'control1' && inactive.includes('control1-absent'))
        ? undefined
        : { active: !inactive.includes(name) };

    it.each([
      ['Config active', [], ['Cassandra', 'Config', 'Control', 'Vrouter'], []],
      [
        'Config not active',
        ['config1', 'control1-absent'],
        ['Cassandra', 'Config'],
        ['config config1 is not active yet', 'control control1 is not active yet'],
      ],
      [
        'Control not active',
        ['control1'],
        ['Cassandra', 'Config', 'Control'],
        ['control control1 is not active yet'],
      ],
    ])('with %s creates %j; a vRouter waits for its Control', (_case, inactive, kinds, reasons) => {
      const plan = planManager({ manager: manager(withControl), nodes: [{}], child: child(inactive) }, now);
      expect(plan.objects.map((c) => c.kind)).toEqual(kinds);
      expect(plan.status.waiting?.map((w) => w.reason)).toEqual(reasons);
      expect(plan.status.notManaged).toEqual([]);
    });
  });

  describe('Kubemanager, Webui and ProvisionManager', () => {
    const db = { cassandraInstance: 'cassandra1' };
    const withComponents = {
      cassandras: [{ metadata: { name: 'cassandra1' }, spec: { serviceConfiguration: {} } }],
      zookeepers: [{ metadata: { name: 'zookeeper1' }, spec: { serviceConfiguration: {} } }],
      rabbitmq: { metadata: { name: 'rabbitmq1' }, spec: { serviceConfiguration: {} } },
      config: {
        metadata: { name: 'config1' },
        spec: { serviceConfiguration: { ...db, zookeeperInstance: 'zookeeper1' } },
      },
      kubemanagers: [
        {
          metadata: { name: 'kubemanager1' },
          spec: { serviceConfiguration: { ...db, zookeeperInstance: 'zookeeper1' } },
        },
      ],
      webui: { metadata: { name: 'webui1' }, spec: { serviceConfiguration: db } },
      provisionManager: { metadata: { name: 'provmanager1' }, spec: { serviceConfiguration: {} } },
    };
    /** Every child exists and is active but those named. */
    const child = (inactive: string[]) => (_resource: unknown, name: string) => ({
      active: !inactive.includes(name),
    });
    const components = ['Kubemanager', 'Webui', 'ProvisionManager'];

    it.each([
      ['Config active', [], components, []],
      ['Config not active', ['config1'], [], Array(3).fill('config config1 is not active yet')],
    ])('with %s creates %j after the data services and Config', (_case, inactive, created, reasons) => {
      const fresh = (_resource: unknown, name: string) =>
        ['kubemanager1', 'webui1', 'provmanager1'].includes(name)
          ? undefined
          : child(inactive)(_resource, name);
      const plan = planManager({ manager: manager(withComponents), nodes: [{}], child: fresh }, now);
      expect(plan.objects.map((c) => c.kind)).toEqual([
        'Cassandra',
        'Zookeeper',
        'Rabbitmq',
        'Config',
        ...created,
      ]);
      expect(plan.status.waiting?.map((w) => w.reason)).toEqual(reasons);
      expect(plan.status.notManaged).toEqual([]);
    });

    it('is Ready only with each of them active, and names the one that is not', () => {
      const plan = (inactive: string[]) =>
        planManager({ manager: manager(withComponents), nodes: [{}], child: child(inactive) }, now);
      expect(plan([]).status.conditions?.[0]).toMatchObject({ status: 'True', reason: 'AllServicesActive' });
      expect(plan(['webui1']).status.webui).toEqual({ name: 'webui1', active: false, created: true });
      expect(plan(['webui1']).status.conditions?.[0]).toMatchObject({
        status: 'False',
        reason: 'ServicesNotActive',
        message: 'not active yet: webui webui1',
      });
      expect(plan(['kubemanager1', 'provmanager1']).status.conditions?.[0]).toMatchObject({
        message: 'not active yet: kubemanagers kubemanager1, provisionManager provmanager1',
      });
    });

    it.each<[string, Record<string, { active: boolean; incomplete?: string }>, string, string, string[]]>([
      ['nothing incomplete', {}, 'True', 'AllServicesActive', []],
      [
        'the kube-manager active without its role',
        { kubemanager1: { active: true, incomplete: 'no cluster role' } },
        'False',
        'ServicesIncomplete',
        ['kubemanagers kubemanager1: no cluster role'],
      ],
      [
        'the kube-manager and the provisioner each short of something',
        {
          kubemanager1: { active: true, incomplete: 'no cluster role' },
          provmanager1: { active: true, incomplete: 'no TLS' },
        },
        'False',
        'ServicesIncomplete',
        ['kubemanagers kubemanager1: no cluster role', 'provisionManager provmanager1: no TLS'],
      ],
      // Not active says more than incomplete: the entry is named as not active, and only there.
      [
        'the provisioner not active and short of TLS',
        { provmanager1: { active: false, incomplete: 'no TLS' } },
        'False',
        'ServicesNotActive',
        [],
      ],
    ])('Ready with %s: %s %s', (_case, states, status, reason, named) => {
      const plan = planManager(
        {
          manager: manager(withComponents),
          nodes: [{}],
          child: (_resource, name) => states[name] ?? { active: true },
        },
        now,
      );
      const ready = plan.status.conditions?.[0];
      expect(ready).toMatchObject({ status, reason });
      expect(plan.status.incomplete?.map((i) => `${i.service} ${i.name}: ${i.reason}`)).toEqual(named);
      if (named.length > 0) expect(ready?.message).toBe(`active but not complete: ${named.join('; ')}`);
    });
  });
});
