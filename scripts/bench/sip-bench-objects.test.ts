import type { V1Secret } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import {
  FLAVOR_LABEL,
  RACK_LABEL,
  SIP_CLUSTER_NAME_LABEL,
  SIP_NODE_TYPE_LABEL,
} from '../../server/schemas/host-labels';
import { asStoredSecret, hostObjects, hostsOf, sipCluster } from './sip-bench-objects';

describe('bench:sip objects', () => {
  it.each([
    {
      index: 0,
      name: 'h00000',
      rack: 'rack-0',
      flavor: 'control-plane',
      mac: '52:54:00:00:00:00',
      ip: '10.0.0.0',
    },
    {
      index: 21,
      name: 'h00021',
      rack: 'rack-1',
      flavor: 'worker',
      mac: '52:54:00:00:00:15',
      ip: '10.0.0.21',
    },
    {
      index: 70_000,
      name: 'h70000',
      rack: 'rack-3500',
      flavor: 'control-plane',
      mac: '52:54:00:01:11:70',
      ip: '10.1.17.112',
    },
  ])(
    'host $index: named, racked, flavoured and addressed from its number',
    ({ index, name, rack, flavor, mac, ip }) => {
      const [network, bmc, host] = hostObjects(index);
      expect(host.metadata.name).toBe(name);
      expect(host.metadata.labels).toMatchObject({ [RACK_LABEL]: rack, [FLAVOR_LABEL]: flavor });
      expect(host.spec.bootMACAddress).toBe(mac);
      expect(host.spec.bmc?.credentialsName).toBe(bmc.metadata?.name);
      expect(host.spec.networkData?.name).toBe(network.metadata?.name);
      expect(JSON.parse(network.stringData?.networkData ?? '{}')).toMatchObject({
        networks: [{ ip_address: ip }],
      });
    },
  );

  it('gives cluster i hosts 5i (control plane) and 5i+1, 5i+2 (workers), labelled as the controller labels them', () => {
    const cluster = sipCluster(3);
    const hosts = hostsOf(cluster, 3);
    expect(hosts.map((h) => h.metadata.name)).toEqual(['h00015', 'h00016', 'h00017']);
    expect(hosts.map((h) => h.metadata.labels?.[SIP_NODE_TYPE_LABEL])).toEqual([
      'ControlPlane',
      'Worker',
      'Worker',
    ]);
    expect(new Set(hosts.map((h) => h.metadata.labels?.[SIP_CLUSTER_NAME_LABEL]))).toEqual(
      new Set(['c0003']),
    );
    expect(hosts[0]?.metadata.labels?.[FLAVOR_LABEL]).toBe('control-plane');
    expect(cluster.spec.services.loadBalancerControlPlane?.[0]?.nodePort).toBe(30_003);
  });

  it('stores a Secret the way the API server does: stringData as base64 data', () => {
    const secret: V1Secret = { metadata: { name: 's' }, stringData: { username: 'admin' } };
    expect(asStoredSecret(secret).data).toEqual({ username: Buffer.from('admin').toString('base64') });
  });
});
