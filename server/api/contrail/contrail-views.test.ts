import { describe, expect, it } from 'vitest';
import { defaultContrailGroupForm, type ContrailGroupForm } from '../../schemas/contrail-group-form';
import type { Manager } from '../../types/crds/manager';
import type { Vrouter } from '../../types/crds/vrouter';
import { groupConflicts, groupFieldOfPath, serverForm } from './create-group';
import { withoutGroup } from './delete-group';
import { managerListsPatch } from './manager-patch';
import { buildGroupRow, groupNodeViews, podView, tolerationText } from './group-view';
import { buildManagerRow, managerGroups } from './manager-view';
import { summarizeMatch, vfCapacityOf, type NodeMatch } from './node-match';

function vrouter(name: string, status: Vrouter['status'], owner = 'uid-1'): Vrouter {
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Vrouter',
    metadata: {
      name,
      namespace: 'contrail',
      generation: 1,
      labels: { contrail_cluster: 'lab' },
      ownerReferences: [{ apiVersion: 'v1', kind: 'Manager', name: 'lab', uid: owner }],
    },
    spec: {
      commonConfiguration: { nodeSelector: { nicType: 'x710' } },
      serviceConfiguration: {
        upgradeStrategy: 'deleteFirst',
        profiles: [{ name: 'dpdk1', dpdkConfiguration: { coreMask: '0xF' } }],
      },
    },
    status,
  };
}

const ready = (status: 'True' | 'False', reason: string) => [
  { type: 'Ready', status, reason, message: reason, lastTransitionTime: '2026-11-25T08:00:00Z' },
];

function manager(services: NonNullable<Manager['spec']['services']> = {}): Manager {
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Manager',
    metadata: { name: 'lab', namespace: 'contrail', uid: 'uid-1', resourceVersion: '7' },
    spec: { services },
    status: {
      cassandras: [{ name: 'cassandra1', active: true, created: true }],
      zookeepers: [{ name: 'zookeeper1', active: false, created: true }],
      rabbitmq: { name: 'rabbitmq1', active: true, created: true },
      config: { name: 'config1', active: true, created: true },
      controls: [{ name: 'control1', active: false, created: false }],
      kubemanagers: [{ name: 'kubemanager1', active: true, created: true }],
      webui: { name: 'webui1', active: false, created: true },
      provisionManager: { name: 'provmanager1', active: true, created: true },
      notManaged: [{ service: 'keystone', name: 'keystone1' }],
      incomplete: [{ service: 'kubemanagers', name: 'kubemanager1', reason: 'no cluster role' }],
    },
  };
}

describe('vRouter group rows', () => {
  it('shows profiles, selector, node and agent counts, upgrade progress and conflicts by node', () => {
    const row = buildGroupRow(
      vrouter('dpdk', {
        matchedNodes: ['n1', 'n2', 'n3'],
        desiredNodes: 2,
        readyNodes: 1,
        updatedNodes: 1,
        conflicts: [{ node: 'n3', groups: ['contrail/other'] }],
        conditions: ready('False', 'NodeConflict'),
      }),
    );
    expect(row).toMatchObject({
      key: 'contrail/dpdk',
      manager: 'lab',
      profiles: ['dpdk1'],
      selector: { nicType: 'x710' },
      upgradeStrategy: 'deleteFirst',
      nodes: { matched: 3, ready: 1 },
      agents: { desired: 2, ready: 1, updated: 1 },
      conflicts: [{ node: 'n3', groups: ['contrail/other'] }],
      ready: { status: 'False', reason: 'NodeConflict' },
    });
  });

  it('says when the controller has not reported yet', () => {
    expect(buildGroupRow(vrouter('new', undefined)).ready.reason).toBe('NotReconciled');
  });

  it('writes tolerations as an operator reads them', () => {
    expect(tolerationText({ operator: 'Exists', effect: 'NoSchedule' })).toBe('* exists (NoSchedule)');
    expect(tolerationText({ key: 'k', operator: 'Equal', value: 'v' })).toBe('k=v (any effect)');
  });
});

describe('Manager rows', () => {
  it('counts active services (data services and every component) and ready groups, and lists what is not active, not managed or not whole', () => {
    const groups = managerGroups(manager(), [
      vrouter('a', { conditions: ready('True', 'AgentsReady') }),
      vrouter('b', { conditions: ready('False', 'Scheduling') }),
      vrouter('c', { conditions: ready('True', 'AgentsReady') }, 'uid-other'),
    ]);
    expect(groups.map((g) => g.metadata.name)).toEqual(['a', 'b']);
    expect(buildManagerRow(manager(), groups)).toMatchObject({
      dataServices: { active: 5, total: 8 },
      inactive: ['zookeeper/zookeeper1', 'control/control1', 'webui/webui1'],
      groups: { ready: 1, total: 2 },
      notManaged: ['keystone/keystone1'],
      incomplete: ['kubemanagers/kubemanager1'],
      ready: { status: 'Unknown', reason: 'NotReconciled' },
    });
  });
});

describe('create-group checks', () => {
  const form = (edit: (f: ContrailGroupForm) => void = () => undefined) => {
    const f = { ...defaultContrailGroupForm(), namespace: 'contrail', manager: 'lab', name: 'dpdk2' };
    edit(f);
    return f;
  };
  const match = (nodes: NodeMatch['nodes']): NodeMatch => ({
    count: nodes.length,
    nodes,
    taken: nodes.filter((n) => n.groups.length > 0).length,
    vfCapacity: nodes.length > 0 ? 0 : null,
  });

  it('takes the profiles and Controls from the Manager and the VF capacity from the nodes, not from the browser', () => {
    const forged = form((f) => {
      f.knownProfiles = [{ name: 'forged', spec: {} }];
      f.knownControls = ['forged'];
      f.nodeVfCapacity = 64;
    });
    const checked = serverForm(
      forged,
      manager({
        vrouterProfileTemplates: [{ metadata: { name: 'k' }, spec: { kernelModeConfiguration: {} } }],
        controls: [{ metadata: { name: 'control1' } }],
      }),
      2,
    );
    expect(checked.knownProfiles).toEqual([{ name: 'k', spec: { kernelModeConfiguration: {} } }]);
    expect(checked.knownControls).toEqual(['control1']);
    expect(checked.nodeVfCapacity).toBe(2);
  });

  it('refuses a name the Manager or the namespace already uses', () => {
    const taken = manager({
      vrouterTemplates: [{ metadata: { name: 'dpdk2' }, spec: {} }],
    });
    expect(groupConflicts(form(), taken, match([]), () => false)).toEqual({
      name: 'Manager lab already has a vRouter group named dpdk2',
    });
    expect(groupConflicts(form(), manager(), match([]), () => true)).toEqual({
      name: 'A Vrouter named dpdk2 already exists in namespace contrail',
    });
  });

  it('refuses a selector that takes nodes from a running group, naming them', () => {
    const errors = groupConflicts(
      form(),
      manager(),
      match([
        { name: 'n1', vfCapacity: 0, groups: ['contrail/dpdk'] },
        { name: 'n2', vfCapacity: 0, groups: [] },
      ]),
      () => false,
    );
    expect(errors.nodeSelector).toMatch(
      /^1 of the matched nodes already belong to another group: n1 \(contrail\/dpdk\)\./,
    );
  });

  it.each([
    ['spec.services.vrouterProfileTemplates[4].spec.dpdkConfiguration.coreMask', 'newProfile.coreMask'],
    ['spec.services.vrouterTemplates[3].spec.configuration.vRouterGateway', 'gateway'],
    ['spec.services.vrouterTemplates[3].spec.configuration.controlInstance', 'controlInstance'],
    ['spec.services.vrouterTemplates[3].metadata.name', 'name'],
    ['spec.services.vrouterTemplates', 'profiles'],
    ['spec.keystoneSecretName', undefined],
  ])('places the API server’s %s at %s', (path, field) => {
    expect(groupFieldOfPath(path)).toBe(field);
  });
});

describe('withoutGroup', () => {
  const entry = (name: string) => ({ metadata: { name }, spec: {} });
  it('takes a design group out of vrouterTemplates, an upstream one out of vrouters', () => {
    const m = manager({ vrouterTemplates: [entry('a'), entry('b')], vrouters: [entry('c')] });
    expect(withoutGroup(m, 'a')).toEqual({ vrouterTemplates: [entry('b')] });
    expect(withoutGroup(m, 'c')).toEqual({ vrouters: [] });
    expect(withoutGroup(m, 'z')).toBeUndefined();
  });
});

describe('managerListsPatch', () => {
  it('tests the generation, then sets the lists', () => {
    const m = manager({ vrouterTemplates: [] });
    m.metadata.generation = 4;
    expect(managerListsPatch(m, { vrouterTemplates: [] })).toEqual([
      { op: 'test', path: '/metadata/generation', value: 4 },
      { op: 'add', path: '/spec/services/vrouterTemplates', value: [] },
    ]);
  });
  it('adds the services whole when the Manager has none', () => {
    const m: Manager = { ...manager(), spec: {} };
    expect(managerListsPatch(m, { vrouterTemplates: [] })[1]).toEqual({
      op: 'add',
      path: '/spec/services',
      value: { vrouterTemplates: [] },
    });
  });
});

describe('the nodes of a group', () => {
  const row = buildGroupRow(
    vrouter('sriov', {
      matchedNodes: ['n1', 'n2', 'n3'],
      conflicts: [{ node: 'n2', groups: ['contrail/other'] }],
      excludedNodes: [{ node: 'n3', reason: 'advertises 2 SR-IOV VFs' }],
    }),
  );
  const node = (name: string, labels: Record<string, string> = {}) => ({
    metadata: { name, labels },
    status: { conditions: [{ type: 'Ready', status: 'True' }] },
  });
  const pod = {
    metadata: { name: 'sriov-vrouter-daemonset-x' },
    spec: { nodeName: 'n1', containers: [] },
    status: {
      phase: 'Running',
      podIP: '10.0.0.9',
      conditions: [{ type: 'Ready', status: 'True' }],
      containerStatuses: [{ name: 'a', restartCount: 2, image: '', imageID: '', ready: true }],
    },
  };

  it('shows each matched node with its agent, or why it has none', () => {
    const nodes = { n1: node('n1', { 'contrail.juniper.net/sriov-vf-capacity': '8' }), n2: node('n2') };
    const views = groupNodeViews(row, ['n1', 'n2', 'n3'], (name) => nodes[name as 'n1'], [pod]);
    expect(views).toEqual([
      {
        name: 'n1',
        nodeReady: true,
        vfCapacity: 8,
        pod: 'sriov-vrouter-daemonset-x',
        agentReady: true,
        conflictWith: [],
        excluded: undefined,
      },
      {
        name: 'n2',
        nodeReady: true,
        pod: undefined,
        agentReady: false,
        conflictWith: ['contrail/other'],
        excluded: undefined,
      },
      {
        name: 'n3',
        nodeReady: false,
        pod: undefined,
        agentReady: false,
        conflictWith: [],
        excluded: 'advertises 2 SR-IOV VFs',
      },
    ]);
    expect(podView(pod)).toMatchObject({ node: 'n1', ip: '10.0.0.9', ready: true, restarts: 2 });
  });
});

describe('summarizeMatch', () => {
  it('counts every node, lists held ones first and takes the fewest VFs', () => {
    const match = summarizeMatch([
      { name: 'b', vfCapacity: 8, groups: [] },
      { name: 'a', vfCapacity: 4, groups: [] },
      { name: 'c', vfCapacity: 16, groups: ['lab/g'] },
    ]);
    expect(match).toEqual({
      count: 3,
      nodes: [
        { name: 'c', vfCapacity: 16, groups: ['lab/g'] },
        { name: 'a', vfCapacity: 4, groups: [] },
        { name: 'b', vfCapacity: 8, groups: [] },
      ],
      taken: 1,
      vfCapacity: 4,
    });
    expect(summarizeMatch([])).toEqual({ count: 0, nodes: [], taken: 0, vfCapacity: null });
  });

  it('reads a missing or malformed VF label as none', () => {
    expect(vfCapacityOf({ metadata: { labels: { 'contrail.juniper.net/sriov-vf-capacity': 'many' } } })).toBe(
      0,
    );
    expect(vfCapacityOf({ metadata: {} })).toBe(0);
    expect(vfCapacityOf({ metadata: { labels: { 'contrail.juniper.net/sriov-vf-capacity': '8' } } })).toBe(8);
  });
});
