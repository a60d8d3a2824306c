import { describe, expect, it } from 'vitest';
import type { Ironic } from '../../types/crds/ironic';
import { ironicEndpoint, ironicNodeEndpoint, ironicServiceEndpoint } from './ironic-row';

function ironic(spec: Ironic['spec']): Ironic {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'Ironic',
    metadata: { name: 'lab', namespace: 'site' },
    spec,
  };
}

describe('Ironic endpoints', () => {
  it('gives the node address with the API port, and the Service on 443 forwarding to it, with TLS', () => {
    const tls = ironic({ tlsRef: { name: 'lab-tls' }, networking: { ipAddress: '10.0.0.1' } });
    expect(ironicNodeEndpoint(tls)).toBe('https://10.0.0.1:6385');
    expect(ironicServiceEndpoint(tls)).toEqual({ url: 'https://lab.site.svc', port: 443, targetPort: 6385 });
    expect(ironicEndpoint(tls)).toBe('https://10.0.0.1:6385');
  });

  it('without TLS or a node address: the Service on 80 only, an IPv6 address bracketed', () => {
    const plain = ironic({ networking: { apiPort: 7000 } });
    expect(ironicNodeEndpoint(plain)).toBeUndefined();
    expect(ironicServiceEndpoint(plain)).toEqual({ url: 'http://lab.site.svc', port: 80, targetPort: 7000 });
    expect(ironicEndpoint(plain)).toBe('http://lab.site.svc');
    expect(ironicNodeEndpoint(ironic({ networking: { externalIP: 'fd00::1' } }))).toBe(
      'http://[fd00::1]:6385',
    );
  });
});
