import type { V1Deployment, V1Secret, V1Service } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { renderControlPlaneLoadBalancer, renderWorkerLoadBalancer } from './render-load-balancer';
import { CONFIG_HASH_ANNOTATION, SPEC_HASH_ANNOTATION } from './sip-names';
import { sipCluster } from './test-fixtures';

const cluster = sipCluster();
const servers = [{ name: 'node01', address: '10.23.0.1' }];

function parts(objects: readonly unknown[]) {
  const [secret, service, deployment] = objects as [V1Secret, V1Service, V1Deployment];
  return { secret, service, deployment };
}

describe('renderControlPlaneLoadBalancer', () => {
  const rendered = renderControlPlaneLoadBalancer(
    cluster,
    0,
    { image: 'haproxy:2.3.2', nodePort: 30001 },
    servers,
  );
  const { secret, service, deployment } = parts(rendered.objects);

  it('names every object loadbalancer-controlplane-<crName> with upstream labels and an owner', () => {
    expect(rendered.instance).toBe('loadbalancer-controlplane-sub1');
    expect(rendered.objects.map((o) => `${o.kind ?? ''}/${o.metadata?.name ?? ''}`)).toEqual([
      'Secret/loadbalancer-controlplane-sub1',
      'Service/loadbalancer-controlplane-sub1',
      'Deployment/loadbalancer-controlplane-sub1',
    ]);
    for (const object of rendered.objects) {
      expect(object.metadata?.namespace).toBe('tenant-a');
      expect(object.metadata?.labels).toEqual({
        'app.kubernetes.io/part-of': 'sip',
        'app.kubernetes.io/component': 'loadbalancer',
        'app.kubernetes.io/name': 'haproxy',
        'app.kubernetes.io/instance': 'loadbalancer-controlplane-sub1',
        'rackpilot.io/sip-cluster': 'sub1',
      });
      expect(object.metadata?.ownerReferences).toEqual([
        {
          apiVersion: 'airship.airshipit.org/v1',
          kind: 'SIPCluster',
          name: 'sub1',
          uid: 'uid-sub1',
          controller: true,
          blockOwnerDeletion: true,
        },
      ]);
    }
  });

  it('puts haproxy.cfg in the Secret, base64 like the API', () => {
    const config = Buffer.from(secret.data?.['haproxy.cfg'] ?? '', 'base64').toString();
    expect(config).toContain('  server node01 10.23.0.1:6443\n');
  });

  it('exposes 6443 as port http on the spec nodePort', () => {
    expect(service.spec).toEqual({
      type: 'NodePort',
      selector: {
        'app.kubernetes.io/part-of': 'sip',
        'app.kubernetes.io/component': 'loadbalancer',
        'app.kubernetes.io/name': 'haproxy',
        'app.kubernetes.io/instance': 'loadbalancer-controlplane-sub1',
      },
      ports: [{ name: 'http', protocol: 'TCP', port: 6443, targetPort: 6443, nodePort: 30001 }],
    });
  });

  it('runs one haproxy with the Secret mounted and no node pinning', () => {
    const pod = deployment.spec?.template.spec;
    expect(deployment.spec?.replicas).toBe(1);
    expect(pod?.nodeSelector).toBeUndefined();
    expect(pod?.tolerations).toBeUndefined();
    expect(pod?.containers[0]?.image).toBe('haproxy:2.3.2');
    expect(pod?.containers[0]?.volumeMounts).toEqual([
      { name: 'haproxy-config', mountPath: '/usr/local/etc/haproxy', readOnly: true },
    ]);
    expect(pod?.volumes).toEqual([
      { name: 'haproxy-config', secret: { secretName: 'loadbalancer-controlplane-sub1' } },
    ]);
  });

  it('defaults the image to haproxy:2.3.2', () => {
    const { deployment: withoutImage } = parts(
      renderControlPlaneLoadBalancer(cluster, 0, { image: '', nodePort: 30001 }, servers).objects,
    );
    expect(withoutImage.spec?.template.spec?.containers[0]?.image).toBe('haproxy:2.3.2');
  });

  it('changes the pod hash when the config changes, and only then', () => {
    const hashes = (address: string) => {
      const { deployment: d } = parts(
        renderControlPlaneLoadBalancer(cluster, 0, { image: 'haproxy:2.3.2', nodePort: 30001 }, [
          { name: 'node01', address },
        ]).objects,
      );
      return [
        d.spec?.template.metadata?.annotations?.[CONFIG_HASH_ANNOTATION],
        d.metadata?.annotations?.[SPEC_HASH_ANNOTATION],
      ];
    };
    expect(hashes('10.23.0.1')).toEqual(hashes('10.23.0.1'));
    expect(hashes('10.23.0.9')[0]).not.toBe(hashes('10.23.0.1')[0]);
    expect(hashes('10.23.0.9')[1]).not.toBe(hashes('10.23.0.1')[1]);
    expect(hashes('10.23.0.1')[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('suffixes entries after the first with their index', () => {
    expect(
      renderControlPlaneLoadBalancer(cluster, 2, { image: 'x', nodePort: 30005 }, servers).instance,
    ).toBe('loadbalancer-controlplane-sub1-2');
  });
});

describe('renderWorkerLoadBalancer', () => {
  const rendered = renderWorkerLoadBalancer(
    cluster,
    0,
    { image: 'haproxy:2.3.2', nodePortRange: { start: 30002, end: 30004 } },
    servers,
  );
  const { service, deployment } = parts(rendered.objects);

  it('exposes every port of the range with port = nodePort', () => {
    expect(rendered.instance).toBe('loadbalancer-worker-sub1');
    expect(service.spec?.ports).toEqual(
      [30002, 30003, 30004].map((n) => ({
        name: `port-${n}`,
        protocol: 'TCP',
        port: n,
        targetPort: n,
        nodePort: n,
      })),
    );
    expect(deployment.spec?.template.spec?.containers[0]?.ports?.map((p) => p.containerPort)).toEqual([
      30002, 30003, 30004,
    ]);
  });
});
