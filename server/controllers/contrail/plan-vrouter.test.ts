import type { V1DaemonSet, V1Node } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { Vrouter, VrouterProfile } from '../../types/crds/vrouter';
import { SPEC_HASH_ANNOTATION } from '../common/content-hash';
import { VF_CAPACITY_LABEL } from './contrail-names';
import { planVrouter, type VrouterObserved } from './plan-vrouter';
import { renderAgentConfig } from './render-vrouter-agent';

const node = (name: string, labels: Record<string, string> = {}): V1Node => ({ metadata: { name, labels } });

function vrouter(profiles: VrouterProfile[], upgradeStrategy?: 'rolling' | 'deleteFirst'): Vrouter {
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Vrouter',
    metadata: { name: 'g1', namespace: 'ns', uid: 'u1', generation: 1 },
    spec: {
      commonConfiguration: { nodeSelector: { grp: 'a' } },
      serviceConfiguration: {
        gateway: '10.1.1.1',
        profiles,
        ...(upgradeStrategy ? { upgradeStrategy } : {}),
      },
    },
  };
}

function observed(v: Vrouter, nodes: V1Node[], others: Record<string, string[]> = {}): VrouterObserved {
  return {
    vrouter: v,
    nodes,
    otherGroups: (n) => others[n.metadata?.name ?? ''] ?? [],
    daemonSet: undefined,
    pods: [],
  };
}

const now = new Date('2026-01-01T00:00:00Z');

describe('planVrouter', () => {
  it('keeps a node another group selects out of the DaemonSet and names it in conflicts', () => {
    const plan = planVrouter(observed(vrouter([]), [node('n1'), node('n2')], { n2: ['ns/g2'] }), now);
    expect(plan.status.conflicts).toEqual([{ node: 'n2', groups: ['ns/g2'] }]);
    expect(plan.status.conditions?.[0]).toMatchObject({ status: 'False', reason: 'NodeConflict' });
    expect(plan.status.conditions?.[0]?.message).toContain('n2');
    const daemonSet = JSON.stringify(plan.objects.find((o) => o.kind === 'DaemonSet'));
    expect(daemonSet).toContain('"operator":"NotIn","values":["n2"]');
  });

  it('leaves out nodes advertising fewer VFs than an SR-IOV profile needs', () => {
    const sriov: VrouterProfile = { name: 's', sriovConfiguration: { numberOfVfs: 7 } };
    const nodes = [
      node('n1', { [VF_CAPACITY_LABEL]: '8' }),
      node('n2', { [VF_CAPACITY_LABEL]: '4' }),
      node('n3'),
    ];
    const plan = planVrouter(observed(vrouter([sriov]), nodes), now);
    expect(plan.status.excludedNodes?.map((e) => e.node)).toEqual(['n2', 'n3']);
  });

  it('renders hugepages for DPDK and rolls one node at a time unless deleteFirst', () => {
    const dpdk: VrouterProfile = {
      name: 'd',
      dpdkConfiguration: { coreMask: '0xF', '2MBHugePages': 1024, '1GBHugePages': 2 },
    };
    const rolling = planVrouter(observed(vrouter([dpdk]), [node('n1')]), now).objects.find(
      (o) => o.kind === 'DaemonSet',
    );
    const text = JSON.stringify(rolling);
    // 1024 × 2 MiB, written as the API server stores it, so the cached DaemonSet compares equal.
    expect(text).toContain('"hugepages-2Mi":"2Gi"');
    expect(text).toContain('"hugepages-1Gi":"2Gi"');
    expect(text).toContain('"maxUnavailable":1');
    const deleteFirst = planVrouter(observed(vrouter([dpdk], 'deleteFirst'), [node('n1')]), now).objects.find(
      (o) => o.kind === 'DaemonSet',
    );
    expect(JSON.stringify(deleteFirst)).toContain('"maxUnavailable":"100%"');
  });

  it('writes moreConfig into the section its key names, a later profile replacing an earlier key', () => {
    const text = renderAgentConfig(
      [
        { name: 'a', otherConfig: { moreConfig: { 'FLOWS.thread_count': '2', log_level: 'SYS_INFO' } } },
        { name: 'b', kernelModeConfiguration: { moreConfig: { 'FLOWS.thread_count': '4' } } },
      ],
      { podIp: '10.0.0.5' },
    );
    expect(text).toBe(
      [
        '[DEFAULT]',
        'log_level=SYS_INFO',
        '',
        '[NETWORKS]',
        'control_network_ip=10.0.0.5',
        '',
        '[VIRTUAL-HOST-INTERFACE]',
        'name=vhost0',
        'compute_node_address=10.0.0.5',
        '',
        '[FLOWS]',
        'thread_count=4',
        '',
      ].join('\n'),
    );
  });

  it('judges only a DaemonSet of the current definition: the pass that rewrites it is not Ready', () => {
    const group = vrouter([{ name: 'o' }]);
    const nodes = [node('n1', { grp: 'a' }), node('n2', { grp: 'a' })];
    const rendered = planVrouter(observed(group, nodes), now).objects.find(
      (o) => o.kind === 'DaemonSet',
    ) as V1DaemonSet;
    const rolledOut = (annotations: Record<string, string> | undefined): V1DaemonSet => ({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: rendered.metadata?.name, generation: 3, annotations },
      spec: rendered.spec,
      status: {
        observedGeneration: 3,
        desiredNumberScheduled: 2,
        numberReady: 2,
        updatedNumberScheduled: 2,
        currentNumberScheduled: 2,
        numberMisscheduled: 0,
      },
    });
    const readyWith = (daemonSet: V1DaemonSet) =>
      planVrouter({ ...observed(group, nodes), daemonSet }, now).status.conditions?.[0];
    expect(readyWith(rolledOut(rendered.metadata?.annotations))).toMatchObject({
      status: 'True',
      reason: 'AgentsReady',
    });
    // Becoming ready is told once, as an event.
    expect(
      planVrouter({ ...observed(group, nodes), daemonSet: rolledOut(rendered.metadata?.annotations) }, now)
        .events,
    ).toEqual([{ type: 'Normal', reason: 'AgentsReady', note: '2 of 2 agents ready' }]);
    for (const annotations of [{ [SPEC_HASH_ANNOTATION]: 'an-older-definition' }, undefined])
      expect(readyWith(rolledOut(annotations))).toMatchObject({
        status: 'False',
        reason: 'Updating',
        message: 'DaemonSet update pending',
      });
  });

  it('changes the pod template annotation when a profile changes, so the DaemonSet rolls', () => {
    const template = (p: VrouterProfile[]) =>
      JSON.stringify(
        (
          planVrouter(observed(vrouter(p), [node('n1')]), now).objects.find(
            (o) => o.kind === 'DaemonSet',
          ) as {
            spec: { template: { metadata: unknown } };
          }
        ).spec.template.metadata,
      );
    expect(template([{ name: 'o', otherConfig: { moreConfig: { a: '1' } } }])).not.toBe(
      template([{ name: 'o', otherConfig: { moreConfig: { a: '2' } } }]),
    );
  });
});
