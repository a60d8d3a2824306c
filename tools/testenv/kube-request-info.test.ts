import { describe, expect, it } from 'vitest';
import { kubeRequestInfo } from './kube-request-info';

describe('kubeRequestInfo', () => {
  it.each([
    ['GET', '/api/v1/nodes?limit=500', { verb: 'list', group: '', resource: 'nodes' }],
    [
      'GET',
      '/apis/metal3.io/v1alpha1/baremetalhosts?watch=true&resourceVersion=5',
      { verb: 'watch', group: 'metal3.io', resource: 'baremetalhosts' },
    ],
    ['GET', '/api/v1/namespaces/lab', { verb: 'get', group: '', resource: 'namespaces', name: 'lab' }],
    ['POST', '/api/v1/namespaces', { verb: 'create', group: '', resource: 'namespaces' }],
    [
      'PATCH',
      '/apis/metal3.io/v1alpha1/namespaces/lab/ironics/i1/status',
      { verb: 'patch', group: 'metal3.io', resource: 'ironics/status', namespace: 'lab', name: 'i1' },
    ],
    [
      'PUT',
      '/apis/coordination.k8s.io/v1/namespaces/rackpilot-system/leases/rackpilot-controllers',
      {
        verb: 'update',
        group: 'coordination.k8s.io',
        resource: 'leases',
        namespace: 'rackpilot-system',
        name: 'rackpilot-controllers',
      },
    ],
    [
      'DELETE',
      '/api/v1/namespaces/lab/secrets/bmc',
      { verb: 'delete', group: '', resource: 'secrets', namespace: 'lab', name: 'bmc' },
    ],
    [
      'DELETE',
      '/api/v1/namespaces/lab/pods',
      { verb: 'deletecollection', group: '', resource: 'pods', namespace: 'lab' },
    ],
  ])('%s %s', (method, url, expected) => {
    expect(kubeRequestInfo(method, url)).toEqual(expect.objectContaining(expected));
  });

  it.each(['/version', '/api', '/api/v1', '/apis', '/apis/cluster.x-k8s.io', '/apis/metal3.io/v1alpha1'])(
    'leaves the non-resource path %s out',
    (path) => {
      expect(kubeRequestInfo('GET', path)).toBeUndefined();
    },
  );
});
