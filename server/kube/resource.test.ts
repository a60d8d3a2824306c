import { describe, expect, it } from 'vitest';
import { apiVersionOf, collectionPath, nodeResource, type ResourceDescriptor } from './resource';

const hosts: ResourceDescriptor = {
  group: 'metal3.io',
  version: 'v1alpha1',
  plural: 'baremetalhosts',
  kind: 'BareMetalHost',
  namespaced: true,
};

describe('resource paths', () => {
  it.each([
    { resource: hosts, namespace: undefined, path: '/apis/metal3.io/v1alpha1/baremetalhosts' },
    { resource: hosts, namespace: 'lab', path: '/apis/metal3.io/v1alpha1/namespaces/lab/baremetalhosts' },
    { resource: nodeResource, namespace: undefined, path: '/api/v1/nodes' },
    { resource: nodeResource, namespace: 'ignored', path: '/api/v1/nodes' },
  ])('$resource.kind in $namespace → $path', ({ resource, namespace, path }) => {
    expect(collectionPath(resource, namespace)).toBe(path);
  });

  it('builds apiVersion for core and grouped resources', () => {
    expect(apiVersionOf(nodeResource)).toBe('v1');
    expect(apiVersionOf(hosts)).toBe('metal3.io/v1alpha1');
  });
});
