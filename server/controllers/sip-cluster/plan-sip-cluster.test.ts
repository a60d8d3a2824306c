import type { V1Deployment, V1Secret } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import type { SIPCluster } from '../../types/crds/sip-cluster';
import { planSipCluster, planSipClusterRelease, type SipPlan } from './plan-sip-cluster';
import { hostPoolOf } from './host-pool';
import {
  applyLabelChanges,
  CLUSTER,
  fleet,
  nodeSet,
  NS,
  observedState,
  privateKeysSecret,
  RACK_KEY,
  rolledOut,
  sampleHosts,
  sampleServices,
  SERVER_KEY,
  sipCluster,
  type HostOptions,
} from './test-fixtures';

const T0 = new Date('2026-11-01T10:00:00.123Z');
const T1 = new Date('2026-11-01T11:30:00.999Z');

function deploymentsOf(plan: SipPlan): V1Deployment[] {
  return plan.objects.filter((o): o is V1Deployment => o.kind === 'Deployment').map(rolledOut);
}

function withStatus(cluster: SIPCluster, plan: SipPlan): SIPCluster {
  return { ...cluster, status: plan.status };
}

/** Plans, applies labels, rolls out the Deployments and stores the status, as a reconcile would. */
function converge(cluster: SIPCluster, hosts: BareMetalHost[], secrets: V1Secret[]) {
  const first = planSipCluster(observedState(cluster, hosts, secrets), T0);
  const labelled = applyLabelChanges(hosts, first.hostLabelChanges);
  const deployments = deploymentsOf(first);
  const stored = withStatus(cluster, first);
  const second = planSipCluster(observedState(stored, labelled, secrets, deployments), T1);
  return { first, second, labelled, deployments, stored: withStatus(stored, second) };
}

describe('planSipCluster on a new cluster', () => {
  const { hosts, secrets } = fleet(sampleHosts);
  const allSecrets = [...secrets, privateKeysSecret()];
  const plan = planSipCluster(observedState(sipCluster(), hosts, allSecrets), T0);

  it('labels the chosen hosts with the three SIP labels under their resourceVersion', () => {
    expect(plan.hostLabelChanges).toEqual(
      [
        ['node01', 'ControlPlane'],
        ['node02', 'ControlPlane'],
        ['node03', 'Worker'],
        ['node04', 'Worker'],
      ].map(([name, role], index) => ({
        namespace: NS,
        name,
        resourceVersion: `${101 + index}`,
        labels: {
          'sip.airshipit.org/cluster-namespace': NS,
          'sip.airshipit.org/cluster-name': CLUSTER,
          'sip.airshipit.org/node-type': role,
        },
      })),
    );
  });

  it('renders every service for the hosts being labelled', () => {
    expect(plan.objects.map((o) => `${o.kind ?? ''}/${o.metadata?.name ?? ''}`)).toEqual([
      'Secret/loadbalancer-controlplane-sub1',
      'Service/loadbalancer-controlplane-sub1',
      'Deployment/loadbalancer-controlplane-sub1',
      'Secret/loadbalancer-worker-sub1',
      'Service/loadbalancer-worker-sub1',
      'Deployment/loadbalancer-worker-sub1',
      'Secret/jumphost-sub1',
      'ConfigMap/jumphost-sub1',
      'Service/jumphost-sub1',
      'Deployment/jumphost-sub1',
    ]);
    const config = (name: string) => {
      const secret = plan.objects.find((o) => o.kind === 'Secret' && o.metadata?.name === name) as V1Secret;
      return Buffer.from(secret.data?.['haproxy.cfg'] ?? '', 'base64').toString();
    };
    expect(config('loadbalancer-controlplane-sub1')).toContain(
      '  server node01 10.23.0.1:6443\n  server node02 10.23.0.2:6443\n',
    );
    expect(config('loadbalancer-worker-sub1')).toContain(
      '  server node03 10.23.0.3:30002\n  server node04 10.23.0.4:30002\n',
    );
    const jump = plan.objects.find(
      (o) => o.kind === 'Secret' && o.metadata?.name === 'jumphost-sub1',
    ) as V1Secret;
    const hostsFile = JSON.parse(Buffer.from(jump.data?.hosts ?? '', 'base64').toString()) as {
      name: string;
    }[];
    expect(hostsFile.map((h) => h.name)).toEqual(['node01', 'node02', 'node03', 'node04']);
    expect(plan.pruneOwned).toBe(true);
  });

  it('is Progressing until labels are applied and Deployments are available', () => {
    expect(plan.status.conditions).toEqual([
      {
        type: 'Ready',
        status: 'False',
        reason: 'Progressing',
        message:
          'Waiting for labelling 4 hosts; Deployment loadbalancer-controlplane-sub1: not created yet; ' +
          'Deployment loadbalancer-worker-sub1: not created yet; Deployment jumphost-sub1: not created yet',
        lastTransitionTime: '2026-11-01T10:00:00Z',
        observedGeneration: 3,
      },
    ]);
    expect(plan.events).toEqual([
      {
        type: 'Normal',
        reason: 'Scheduled',
        note:
          `Scheduled 4 hosts: ${NS}/node01 (ControlPlane), ${NS}/node02 (ControlPlane), ` +
          `${NS}/node03 (Worker), ${NS}/node04 (Worker)`,
      },
    ]);
  });
});

describe('planSipCluster on a converged cluster', () => {
  const { hosts, secrets } = fleet(sampleHosts);
  const allSecrets = [...secrets, privateKeysSecret()];
  const { second, labelled, deployments, stored } = converge(sipCluster(), hosts, allSecrets);

  it('is Ready once every host is labelled and every Deployment is available, even with no spare hosts', () => {
    expect(second.hostLabelChanges).toEqual([]);
    expect(second.status.conditions).toEqual([
      {
        type: 'Ready',
        status: 'True',
        reason: 'ReconciliationSucceeded',
        message: 'Scheduled ControlPlane 2 hosts, Worker 2 hosts; services available',
        lastTransitionTime: '2026-11-01T11:30:00Z',
        observedGeneration: 3,
      },
    ]);
    expect(second.events).toEqual([
      {
        type: 'Normal',
        reason: 'ReconciliationSucceeded',
        note: 'Scheduled ControlPlane 2 hosts, Worker 2 hosts; services available',
      },
    ]);
  });

  it('gives an identical plan and no events on the next pass (no timestamp churn)', () => {
    const again = planSipCluster(
      observedState(stored, labelled, allSecrets, deployments),
      new Date('2027-01-01'),
    );
    expect(again.status).toEqual(second.status);
    expect(again.objects).toEqual(second.objects);
    expect(again.events).toEqual([]);
  });

  it('is byte-identical whatever order hosts and Secrets come in', () => {
    const shuffled = planSipCluster(
      observedState(stored, [...labelled].reverse(), [...allSecrets].reverse(), [...deployments].reverse()),
      T1,
    );
    const straight = planSipCluster(observedState(stored, labelled, allSecrets, deployments), T1);
    expect(JSON.stringify(shuffled)).toBe(JSON.stringify(straight));
  });

  it('reports Deployments that are not available or not updated yet', () => {
    const [first, second2, third] = deployments as [V1Deployment, V1Deployment, V1Deployment];
    // Object.assign, not spread: client-node types are classes (plain data in practice).
    const unavailable = Object.assign({}, first, {
      status: Object.assign({}, first.status, { availableReplicas: 0 }),
    });
    const outdated = Object.assign({}, second2, {
      metadata: Object.assign({}, second2.metadata, { annotations: { 'rackpilot.io/spec-hash': 'old' } }),
    });
    const unobserved = Object.assign({}, third, {
      status: Object.assign({}, third.status, { observedGeneration: 1 }),
    });
    const plan = planSipCluster(
      observedState(stored, labelled, allSecrets, [unavailable, outdated, unobserved]),
      T1,
    );
    expect(plan.status.conditions[0]).toMatchObject({
      status: 'False',
      reason: 'Progressing',
      message:
        'Waiting for Deployment loadbalancer-controlplane-sub1: 0/1 available; ' +
        'Deployment loadbalancer-worker-sub1: update pending; Deployment jumphost-sub1: rollout not observed yet',
      lastTransitionTime: '2026-11-01T11:30:00Z',
    });
  });

  it('releases surplus hosts when a count is lowered', () => {
    const lowered = sipCluster({
      nodes: {
        ControlPlane: nodeSet('control-plane', 1, 0, RACK_KEY),
        Worker: nodeSet('worker', 1, 1, SERVER_KEY),
      },
    });
    const plan = planSipCluster(
      observedState({ ...lowered, status: stored.status }, labelled, allSecrets, deployments),
      T1,
    );
    expect(plan.hostLabelChanges).toEqual([
      {
        namespace: NS,
        name: 'node02',
        resourceVersion: '102',
        labels: {
          'sip.airshipit.org/cluster-namespace': null,
          'sip.airshipit.org/cluster-name': null,
          'sip.airshipit.org/node-type': null,
        },
      },
    ]);
    expect(plan.events).toContainEqual({
      type: 'Normal',
      reason: 'Released',
      note: `Released 1 host: ${NS}/node02 (ControlPlane)`,
    });
    expect(plan.status.conditions[0]?.message).toMatch(/^Waiting for releasing 1 host; /);
  });

  it('keeps a host that lost its networkData Secret but reports it and leaves it out of the services', () => {
    const withoutNode01 = allSecrets.filter((s) => s.metadata?.name !== 'node01-network-data');
    const plan = planSipCluster(observedState(stored, labelled, withoutNode01, deployments), T1);
    expect(plan.hostLabelChanges).toEqual([]);
    expect(plan.status.conditions[0]).toMatchObject({
      status: 'False',
      reason: 'InfraServiceFailure',
      message: `host ${NS}/node01: networkData Secret ${NS}/node01-network-data not found`,
    });
    const lb = plan.objects.find((o) => o.metadata?.name === 'loadbalancer-controlplane-sub1') as V1Secret;
    expect(Buffer.from(lb.data?.['haproxy.cfg'] ?? '', 'base64').toString()).not.toContain('node01');
    expect(plan.pruneOwned).toBe(true);
    expect(plan.events).toContainEqual({
      type: 'Warning',
      reason: 'InfraServiceFailure',
      note: plan.status.conditions[0]?.message,
    });
  });
});

describe('planSipCluster when hosts are missing', () => {
  const hostnameKey = 'kubernetes.io/hostname';
  const specs: Record<number, HostOptions> = {
    1: { flavor: 'control-plane', rack: 1 },
    2: { flavor: 'control-plane', rack: 2 },
    3: { flavor: 'worker', labels: { [hostnameKey]: 'w3' } },
    4: { flavor: 'worker', labels: { [hostnameKey]: 'w4' } },
    5: { flavor: 'worker', labels: { [hostnameKey]: 'w4' } },
    6: { flavor: 'worker', labels: { [hostnameKey]: 'w6' }, withoutBmcSecret: true },
  };
  const { hosts, secrets } = fleet(specs);
  const allSecrets = [...secrets, privateKeysSecret()];
  const cluster = sipCluster({
    nodes: {
      ControlPlane: nodeSet('control-plane', 1, 1, RACK_KEY),
      Worker: nodeSet('worker', 2, 1, hostnameKey),
    },
  });
  const plan = planSipCluster(observedState(cluster, hosts, allSecrets), T0);

  it('labels nothing, says which role is short by how much and why hosts were skipped', () => {
    expect(plan.hostLabelChanges).toEqual([]);
    const message =
      'Worker: 3 wanted, 2 schedulable (selector rackpilot.io/flavor=worker, one per kubernetes.io/hostname), ' +
      'candidates: 4 available, ' +
      `skipped ${NS}/node06 (BMC credentials Secret ${NS}/node06-bmc-credentials not found)`;
    expect(plan.status.conditions).toEqual([
      {
        type: 'Ready',
        status: 'False',
        reason: 'Unschedulable',
        message,
        lastTransitionTime: '2026-11-01T10:00:00Z',
        observedGeneration: 3,
      },
    ]);
    expect(plan.events).toEqual([{ type: 'Warning', reason: 'Unschedulable', note: message }]);
  });

  it('still renders the services for the hosts it already has (none yet)', () => {
    expect(plan.objects).toHaveLength(10);
    expect(plan.pruneOwned).toBe(true);
  });

  it('does not repeat the warning while nothing changes, and keeps the transition time', () => {
    const again = planSipCluster(observedState(withStatus(cluster, plan), hosts, allSecrets), T1);
    expect(again.events).toEqual([]);
    expect(again.status).toEqual(plan.status);
  });

  it('keeps lastTransitionTime when only the reason changes', () => {
    const progressing = {
      conditions: [
        {
          type: 'Ready',
          status: 'False' as const,
          reason: 'Progressing',
          message: 'x',
          lastTransitionTime: '2026-10-01T00:00:00Z',
          observedGeneration: 2,
        },
      ],
    };
    const next = planSipCluster(observedState({ ...cluster, status: progressing }, hosts, allSecrets), T1);
    expect(next.status.conditions[0]).toMatchObject({
      reason: 'Unschedulable',
      lastTransitionTime: '2026-10-01T00:00:00Z',
      observedGeneration: 3,
    });
  });
});

describe('planSipCluster service failures', () => {
  const { hosts, secrets } = fleet(sampleHosts);

  it('reports a missing nodeSSHPrivateKeys Secret, skips only the jump host and forbids pruning', () => {
    const plan = planSipCluster(observedState(sipCluster(), hosts, secrets), T0);
    expect(plan.status.conditions[0]).toMatchObject({
      status: 'False',
      reason: 'InfraServiceFailure',
      message: `jumphost-sub1: Secret ${NS}/ssh-private-keys (nodeSSHPrivateKeys) not found`,
    });
    expect(plan.objects.some((o) => o.metadata?.name === 'jumphost-sub1')).toBe(false);
    expect(plan.objects).toHaveLength(6);
    expect(plan.pruneOwned).toBe(false);
    // Scheduling does not wait for the jump host.
    expect(plan.hostLabelChanges).toHaveLength(4);
  });

  it('reports a service without nodeInterfaceId and names too long for a Service', () => {
    const services = sampleServices();
    const [lb] = services.loadBalancerControlPlane ?? [];
    if (!lb) throw new Error('fixture has a control-plane load balancer');
    delete lb.nodeInterfaceId;
    const cluster = sipCluster({ services });
    cluster.metadata.name = 'a-very-long-tenant-cluster-name-that-overflows';
    const plan = planSipCluster(observedState(cluster, hosts, [...secrets, privateKeysSecret()]), T0);
    expect(plan.status.conditions[0]?.message).toBe(
      'loadbalancer-controlplane-a-very-long-tenant-cluster-name-that-overflows: ' +
        'name loadbalancer-controlplane-a-very-long-tenant-cluster-name-that-overflows is longer than 63 characters; ' +
        'loadbalancer-worker-a-very-long-tenant-cluster-name-that-overflows: ' +
        'name loadbalancer-worker-a-very-long-tenant-cluster-name-that-overflows is longer than 63 characters',
    );
    const short = planSipCluster(
      observedState(sipCluster({ services }), hosts, [...secrets, privateKeysSecret()]),
      T0,
    );
    expect(short.status.conditions[0]?.message).toBe(
      'loadbalancer-controlplane-sub1: nodeInterfaceId is not set',
    );
  });
});

describe('planSipClusterRelease', () => {
  it('removes the SIP labels from every host of this cluster and nothing else', () => {
    const { hosts } = fleet({
      1: { owner: [NS, CLUSTER, 'ControlPlane'] },
      2: { owner: [NS, CLUSTER, 'Worker'] },
      3: { owner: [NS, 'other', 'Worker'] },
      4: { owner: ['tenant-b', CLUSTER, 'Worker'] },
      5: { labels: { 'sip.airshipit.org/cluster-namespace': NS, 'sip.airshipit.org/cluster-name': CLUSTER } },
      6: {},
    });
    const removeAll = {
      'sip.airshipit.org/cluster-namespace': null,
      'sip.airshipit.org/cluster-name': null,
      'sip.airshipit.org/node-type': null,
    };
    expect(planSipClusterRelease({ cluster: sipCluster(), hosts: hostPoolOf([...hosts].reverse()) })).toEqual(
      [
        { namespace: NS, name: 'node01', resourceVersion: '101', labels: removeAll },
        { namespace: NS, name: 'node02', resourceVersion: '102', labels: removeAll },
        {
          namespace: NS,
          name: 'node05',
          resourceVersion: '105',
          labels: { 'sip.airshipit.org/cluster-namespace': null, 'sip.airshipit.org/cluster-name': null },
        },
      ],
    );
  });
});
