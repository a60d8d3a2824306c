import { describe, expect, it } from 'vitest';
import type { SIPCluster } from '../../types/crds/sip-cluster';
import { freeNodePorts } from './port-conflicts';

const defaults = { jumpHost: 30000, controlPlane: 30001, workerStart: 30002, workerEnd: 30011 };

function cluster(
  name: string,
  jumpHost: number,
  controlPlane: number,
  start: number,
  end: number,
): SIPCluster {
  return {
    apiVersion: 'airship.airshipit.org/v1',
    kind: 'SIPCluster',
    metadata: { namespace: 't', name },
    spec: {
      nodes: {},
      services: {
        jumpHost: [{ image: 'j', nodeInterfaceId: 'oam', nodePort: jumpHost, nodeSSHPrivateKeys: 'k' }],
        loadBalancerControlPlane: [{ image: 'h', nodeInterfaceId: 'oam', nodePort: controlPlane }],
        loadBalancerWorker: [{ image: 'h', nodeInterfaceId: 'oam', nodePortRange: { start, end } }],
      },
    },
  } as unknown as SIPCluster;
}

describe('freeNodePorts', () => {
  it('no cluster yet: the defaults', () => {
    expect(freeNodePorts(defaults, [])).toEqual(defaults);
  });

  it('after a cluster on the defaults: the next block, laid out as the defaults', () => {
    expect(freeNodePorts(defaults, [cluster('a', 30000, 30001, 30002, 30011)])).toEqual({
      jumpHost: 30012,
      controlPlane: 30013,
      workerStart: 30014,
      workerEnd: 30023,
    });
  });

  it('a gap too small is skipped; one large enough is used', () => {
    const clusters = [cluster('a', 30000, 30001, 30002, 30011), cluster('b', 30020, 30021, 30040, 30049)];
    expect(freeNodePorts(defaults, clusters)?.jumpHost).toBe(30022);
    expect(freeNodePorts(defaults, [cluster('c', 30005, 30006, 30100, 30109)])?.jumpHost).toBe(30007);
  });

  it('none left below the end of the nodePort range', () => {
    expect(freeNodePorts(defaults, [cluster('a', 30000, 30001, 30002, 32760)])).toBeUndefined();
  });
});
