import type { V1ConfigMap, V1DaemonSet, V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { Vrouter, VrouterProfile } from '../../types/crds/vrouter';
import { SPEC_HASH_ANNOTATION } from '../common/content-hash';
import { VF_CAPACITY_LABEL } from './contrail-names';
import { planVrouter } from './plan-vrouter';
import { renderAgentConfig } from './render-vrouter-agent';
import { VROUTER_DEFAULT_IMAGES } from './render-vrouter-pod';
import { node, now, observed, vrouter } from './vrouter-test-inputs';

describe('planVrouter', () => {
  it('keeps a node another group selects out of the DaemonSet and names it in conflicts', () => {
    const plan = planVrouter(observed(vrouter([]), [node('n1'), node('n2')], { n2: ['ns/g2'] }), now);
    expect(plan.status.conflicts).toEqual([{ node: 'n2', groups: ['ns/g2'] }]);
    expect(plan.status.conditions?.[0]).toMatchObject({ status: 'False', reason: 'NodeConflict' });
    expect(plan.status.conditions?.[0]?.message).toContain('n2');
    const daemonSet = JSON.stringify(plan.objects?.find((o) => o.kind === 'DaemonSet'));
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
    const rolling = planVrouter(observed(vrouter([dpdk]), [node('n1')]), now).objects?.find(
      (o) => o.kind === 'DaemonSet',
    );
    const text = JSON.stringify(rolling);
    // 1024 × 2 MiB, written as the API server stores it, so the cached DaemonSet compares equal.
    expect(text).toContain('"hugepages-2Mi":"2Gi"');
    expect(text).toContain('"hugepages-1Gi":"2Gi"');
    expect(text).toContain('"maxUnavailable":1');
    const deleteFirst = planVrouter(
      observed(vrouter([dpdk], 'deleteFirst'), [node('n1')]),
      now,
    ).objects?.find((o) => o.kind === 'DaemonSet');
    expect(JSON.stringify(deleteFirst)).toContain('"maxUnavailable":"100%"');
  });

  it('writes moreConfig into the section its key names, a later profile replacing an earlier key', () => {
    const text = renderAgentConfig(
      [
        { name: 'a', otherConfig: { moreConfig: { 'FLOWS.thread_count': '2', log_level: 'SYS_INFO' } } },
        { name: 'b', kernelModeConfiguration: { moreConfig: { 'FLOWS.thread_count': '4' } } },
      ],
      { podIp: '10.0.0.5', tls: true },
    );
    expect(text).toBe(
      [
        '[DEFAULT]',
        'xmpp_auth_enable=True',
        'xmpp_dns_auth_enable=True',
        'xmpp_server_cert=/etc/certificates/server-10.0.0.5.crt',
        'xmpp_server_key=/etc/certificates/server-key-10.0.0.5.pem',
        'xmpp_ca_cert=/etc/ssl/certs/kubernetes/ca-bundle.crt',
        'log_level=SYS_INFO',
        '',
        '[SANDESH]',
        'introspect_ssl_enable=True',
        'introspect_ssl_insecure=True',
        'sandesh_ssl_enable=True',
        'sandesh_keyfile=/etc/certificates/server-key-10.0.0.5.pem',
        'sandesh_certfile=/etc/certificates/server-10.0.0.5.crt',
        'sandesh_ca_cert=/etc/ssl/certs/kubernetes/ca-bundle.crt',
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
    const rendered = planVrouter(observed(group, nodes), now).objects?.find(
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
    ).toEqual([
      {
        type: 'Normal',
        reason: 'AgentsReady',
        note: '2 of 2 agents ready; no controlInstance is named, so the agents know no control node',
      },
    ]);
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
          planVrouter(observed(vrouter(p), [node('n1')]), now).objects?.find(
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

  const dpdkProfile: VrouterProfile = {
    name: 'd',
    dpdkConfiguration: { coreMask: '0xF', '2MBHugePages': 512, cpuPinning: '2-3' },
  };
  const podSpecOf = (v: Vrouter) =>
    (planVrouter(observed(v, [node('n1')]), now).objects?.find((o) => o.kind === 'DaemonSet') as V1DaemonSet)
      .spec?.template.spec;

  it.each([
    {
      title: 'kernel mode: the kernel init with upstream’s default image',
      profiles: [] as VrouterProfile[],
      settings: {},
      init: ['init', 'nodeinit', 'vrouterkernelinit', 'vroutercni'],
      main: ['vrouteragent', 'nodemanager'],
      images: { vrouterkernelinit: VROUTER_DEFAULT_IMAGES.vrouterkernelinit },
    },
    {
      title: 'kernel mode on Ubuntu: the module built on the node, with the spec’s build-init image',
      profiles: [],
      settings: {
        distribution: 'ubuntu' as const,
        containers: [{ name: 'vrouterkernelbuildinit', image: 'mine/build-init:1' }],
      },
      init: ['init', 'nodeinit', 'vrouterkernelinit', 'vroutercni'],
      main: ['vrouteragent', 'nodemanager'],
      images: { vrouterkernelinit: 'mine/build-init:1' },
    },
    {
      title: 'DPDK: the DPDK init and the forwarding process beside the agent',
      profiles: [dpdkProfile],
      settings: { containers: [{ name: 'vrouteragent', image: 'mine/agent:2' }] },
      init: ['init', 'nodeinit', 'vrouterkernelinitdpdk', 'vroutercni'],
      main: ['vrouteragent', 'vrouteragentdpdk', 'nodemanager'],
      images: {
        vrouterkernelinitdpdk: VROUTER_DEFAULT_IMAGES.vrouterkernelinitdpdk,
        vrouteragent: 'mine/agent:2',
      },
    },
    {
      title: 'node manager turned off',
      profiles: [],
      settings: { nodeManager: false },
      init: ['init', 'nodeinit', 'vrouterkernelinit', 'vroutercni'],
      main: ['vrouteragent'],
      images: {},
    },
  ])('$title', ({ profiles, settings, init, main, images }) => {
    const group = vrouter(profiles);
    Object.assign(group.spec.serviceConfiguration, settings);
    const spec = podSpecOf(group);
    expect(spec?.initContainers?.map((c) => c.name)).toEqual(init);
    expect(spec?.containers.map((c) => c.name)).toEqual(main);
    const all = [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])];
    for (const [name, image] of Object.entries(images))
      expect(all.find((c) => c.name === name)?.image).toBe(image);
    expect(spec?.serviceAccountName).toBe('contrail-service-account-cni');
  });

  it('gives the DPDK forwarding process its cores, hugepages and mode; the agent its mode', () => {
    const spec = podSpecOf(vrouter([dpdkProfile]));
    const forwarding = spec?.containers.find((c) => c.name === 'vrouteragentdpdk');
    const env = Object.fromEntries((forwarding?.env ?? []).map((e) => [e.name, e.value]));
    expect(env).toMatchObject({
      AGENT_MODE: 'dpdk',
      CPU_CORE_MASK: '0xF',
      SERVICE_CORE_MASK: '2-3',
      HUGE_PAGES: '512',
      VROUTER_GATEWAY: '10.1.1.1',
    });
    expect(forwarding?.resources?.limits).toMatchObject({ 'hugepages-2Mi': '1Gi' });
    const agent = spec?.containers.find((c) => c.name === 'vrouteragent');
    expect(agent?.env?.find((e) => e.name === 'AGENT_MODE')?.value).toBe('dpdk');
    expect(agent?.resources).toBeUndefined();
  });

  it('renders the CNI configuration, and the agent and node manager files per pod', () => {
    const pod = (ip: string): V1Pod => ({ metadata: { name: `p-${ip}` }, status: { podIP: ip } });
    const plan = planVrouter({ ...observed(vrouter([]), [node('n1')]), pods: [pod('10.0.0.7')] }, now);
    const configMap = plan.objects?.find((o) => o.kind === 'ConfigMap') as V1ConfigMap;
    expect(Object.keys(configMap.data ?? {}).sort()).toEqual([
      '10-contrail.conf',
      'nodemanager.10.0.0.7',
      'vrouter.10.0.0.7',
    ]);
    expect(JSON.parse(configMap.data?.['10-contrail.conf'] ?? '{}')).toMatchObject({
      cniVersion: '0.3.1',
      type: 'contrail-k8s-cni',
      contrail: { 'cluster-name': 'kubernetes', 'vrouter-ip': '127.0.0.1', 'vrouter-port': 9091 },
    });
    expect(configMap.data?.['nodemanager.10.0.0.7']).toContain('hostip=10.0.0.7');
  });

  it('creates the agents’ identity, deletes what no group needs, and says when its binding names another role', () => {
    const group = vrouter([]);
    const other: Vrouter = {
      ...vrouter([]),
      metadata: { name: 'g0', namespace: 'ns', uid: 'u0' },
      spec: { serviceConfiguration: { clusterRole: 'theirs' } },
    };
    const left = {
      kind: 'ServiceAccount',
      metadata: { name: 'old', namespace: 'ns', labels: { 'rackpilot.io/vrouter-rbac': 'true' } },
    };
    const plan = planVrouter({ ...observed(group, [node('n1')]), groups: [other, group], rbac: [left] }, now);
    expect((plan.objects ?? []).map((o) => `${o.kind ?? ''}/${o.metadata?.name ?? ''}`)).toEqual(
      expect.arrayContaining([
        'ServiceAccount/contrail-service-account-cni',
        'ClusterRole/contrail-cluster-role-cni',
        'ClusterRole/theirs',
        'ClusterRoleBinding/contrail-cluster-role-binding-cni',
      ]),
    );
    expect(plan.stale).toEqual([left]);
    expect(plan.status.conditions?.[0]).toMatchObject({ status: 'False', reason: 'RbacConflict' });
  });
});
