import type { V1ConfigMap, V1DaemonSet, V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../types/crds/config';
import type { Control } from '../../types/crds/control';
import type { Vrouter } from '../../types/crds/vrouter';
import { planVrouter } from './plan-vrouter';
import { node, now, observed, vrouter } from './vrouter-test-inputs';

describe('planVrouter with its Control, Config and certificates', () => {
  describe('with the Control it names (upstream: vRouters wait for control)', () => {
    const named = (): Vrouter => {
      const group = vrouter([]);
      group.metadata.labels = { contrail_cluster: 'c1' };
      group.spec.serviceConfiguration.controlInstance = 'control1';
      return group;
    };
    const control = (active: boolean): Control => ({
      apiVersion: 'contrail.juniper.net/v1alpha1',
      kind: 'Control',
      metadata: { name: 'control1', namespace: 'ns' },
      spec: { serviceConfiguration: {} },
      status: {
        active,
        nodes: { 'c-1': '10.0.9.2', 'c-0': '10.0.9.1' },
        ports: { xmppPort: '5270', dnsPort: '5353' },
      },
    });
    const config = (active: boolean): Config => ({
      apiVersion: 'contrail.juniper.net/v1alpha1',
      kind: 'Config',
      metadata: { name: 'config1', namespace: 'ns', labels: { contrail_cluster: 'c1' } },
      spec: { serviceConfiguration: {} },
      status: { active, nodes: { 'k-0': '10.0.8.1' } },
    });
    const pod: V1Pod = { metadata: { name: 'a-0' }, status: { podIP: '10.0.0.7' } };

    it.each([
      {
        title: 'the Control does not exist',
        peers: { config: config(true) },
        message: 'control control1 does not exist',
      },
      {
        title: 'the Control is not active',
        peers: { control: control(false), config: config(true) },
        message: 'control control1 is not active yet',
      },
      {
        title: 'the Config is not active',
        peers: { control: control(true), config: config(false) },
        message: 'config of cluster c1 is not active yet',
      },
      {
        title: 'neither exists',
        peers: {},
        message: 'control control1 does not exist; config of cluster c1 does not exist',
      },
    ])('waits, creating and changing nothing, while $title', ({ peers, message }) => {
      const plan = planVrouter({ ...observed(named(), [node('n1')]), pods: [pod], peers }, now);
      expect(plan.objects).toBeUndefined();
      expect(plan.stale).toEqual([]);
      expect(plan.status.active).toBe(false);
      expect(plan.status.conditions?.[0]).toMatchObject({
        status: 'False',
        reason: 'WaitingForPeers',
        message,
      });
    });

    it('names the control nodes (XMPP, DNS) from its status and the collectors once both are active', () => {
      const peers = { control: control(true), config: config(true) };
      const plan = planVrouter({ ...observed(named(), [node('n1')]), pods: [pod], peers }, now);
      const data = (plan.objects?.find((o) => o.kind === 'ConfigMap') as V1ConfigMap).data ?? {};
      const agent = data['vrouter.10.0.0.7'] ?? '';
      expect(agent).toContain('[CONTROL-NODE]\nservers=10.0.9.1:5270 10.0.9.2:5270\n');
      expect(agent).toContain('[DNS]\nservers=10.0.9.1:5353 10.0.9.2:5353\n');
      expect(agent).toContain('collectors=10.0.8.1:8086\n');
      expect(data['nodemanager.10.0.0.7']).toContain('[COLLECTOR]\nserver_list=10.0.8.1:8086\n');
      expect(plan.status.conditions?.[0]?.reason).not.toBe('WaitingForPeers');
    });

    it('a group naming no Control waits for nothing and names no control node', () => {
      const plan = planVrouter({ ...observed(vrouter([]), [node('n1')]), pods: [pod] }, now);
      const data = (plan.objects?.find((o) => o.kind === 'ConfigMap') as V1ConfigMap).data ?? {};
      expect(data['vrouter.10.0.0.7']).not.toContain('[CONTROL-NODE]');
      expect(data['nodemanager.10.0.0.7']).not.toContain('[COLLECTOR]');
      expect(plan.status.conditions?.[0]?.reason).toBe('Scheduling');
    });

    it('a group naming no Control gets no certificates: no Secret, no mount, no file naming one', () => {
      const plan = planVrouter({ ...observed(vrouter([]), [node('n1')]), pods: [pod] }, now);
      expect(plan.objects?.map((o) => o.kind)).not.toContain('Secret');
      const data = (plan.objects?.find((o) => o.kind === 'ConfigMap') as V1ConfigMap).data ?? {};
      for (const text of Object.values(data)) {
        expect(text).not.toMatch(/\/etc\/certificates|\/etc\/ssl\/certs|_ssl_|xmpp_auth/);
      }
      const spec = (plan.objects?.find((o) => o.kind === 'DaemonSet') as V1DaemonSet).spec?.template.spec;
      expect(JSON.stringify(spec)).not.toMatch(/secret-certificates|\/etc\/certificates|\/etc\/ssl\/certs/);
      expect(plan.events.map((e) => e.reason)).not.toContain('CertificatesIssued');
      expect(plan.requeueAfterMs).toBeUndefined();
    });

    it('refuses certificates for a group naming no Control, and a group naming one without them', () => {
      const certificates = { data: {}, issued: 0 };
      expect(() => planVrouter({ ...observed(vrouter([]), [node('n1')]), certificates }, now)).toThrow(
        /names no Control/,
      );
      const peers = { control: control(true), config: config(true) };
      expect(() =>
        planVrouter({ ...observed(named(), [node('n1')]), peers, certificates: undefined }, now),
      ).toThrow(/certificates must be observed/);
    });

    it('gives the agents their certificates: the Secret, mounted in the agent and node manager; renews on time', () => {
      const certificates = {
        data: { 'ca-bundle.crt': 'Q0E=', 'server-10.0.0.7.crt': 'Yw==', 'server-key-10.0.0.7.pem': 'aw==' },
        issued: 1,
        renewAt: new Date(now.getTime() + 60_000),
      };
      const peers = { control: control(true), config: config(true) };
      const plan = planVrouter({ ...observed(named(), [node('n1')]), peers, certificates }, now);
      const secret = plan.objects?.find((o) => o.kind === 'Secret') as {
        metadata: { name: string };
        data: unknown;
      };
      expect(secret.metadata.name).toBe('g1-secret-certificates');
      expect(secret.data).toEqual(certificates.data);
      const spec = (plan.objects?.find((o) => o.kind === 'DaemonSet') as V1DaemonSet).spec?.template.spec;
      for (const name of ['vrouteragent', 'nodemanager'])
        expect(spec?.containers.find((c) => c.name === name)?.volumeMounts).toEqual(
          expect.arrayContaining([
            { name: 'certificates', mountPath: '/etc/certificates', readOnly: true },
            { name: 'ca-certificate', mountPath: '/etc/ssl/certs/kubernetes', readOnly: true },
          ]),
        );
      expect(spec?.volumes).toEqual(
        expect.arrayContaining([{ name: 'certificates', secret: { secretName: 'g1-secret-certificates' } }]),
      );
      expect(plan.requeueAfterMs).toBe(60_000);
      expect(plan.events).toContainEqual(expect.objectContaining({ reason: 'CertificatesIssued' }));
    });
  });

  it.each([
    {
      title: 'no kube-manager in its cluster: upstream’s default',
      kubemanager: undefined,
      name: 'kubernetes',
    },
    { title: 'a kube-manager naming none: its default', kubemanager: {}, name: 'kubernetes' },
    {
      title: 'the kube-manager’s kubernetesClusterName',
      kubemanager: { kubernetesClusterName: 'east' },
      name: 'east',
    },
  ])('gives the CNI plugin the cluster name of $title', ({ kubemanager, name }) => {
    const plan = planVrouter(
      {
        ...observed(vrouter([]), [node('n1')]),
        ...(kubemanager
          ? {
              kubemanager: {
                apiVersion: 'contrail.juniper.net/v1alpha1' as const,
                kind: 'Kubemanager' as const,
                metadata: { name: 'km1' },
                spec: { serviceConfiguration: kubemanager },
              },
            }
          : {}),
      },
      now,
    );
    const data = (plan.objects?.find((o) => o.kind === 'ConfigMap') as V1ConfigMap).data ?? {};
    expect(JSON.parse(data['10-contrail.conf'] ?? '{}')).toMatchObject({
      contrail: { 'cluster-name': name },
    });
  });
});
