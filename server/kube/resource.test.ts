import { describe, expect, it } from 'vitest';
import {
  apiVersionOf,
  collectionPath,
  nodeResource,
  resourceOfPath,
  type ResourceDescriptor,
} from './resource';

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

describe('resourceOfPath', () => {
  it.each([
    ['/apis/metal3.io/v1alpha1/namespaces/lab/baremetalhosts/host-1', 'baremetalhosts'],
    ['/apis/metal3.io/v1alpha1/namespaces/lab/baremetalhosts', 'baremetalhosts'],
    ['/apis/metal3.io/v1alpha1/baremetalhosts?watch=true', 'baremetalhosts'],
    ['/apis/apps/v1/namespaces/t/deployments/jump/status', 'deployments/status'],
    ['/api/v1/namespaces/lab/secrets/bmc-1', 'secrets'],
    ['/api/v1/namespaces/lab/secrets?labelSelector=a%3Db', 'secrets'],
    ['/api/v1/nodes/node-1/status', 'nodes/status'],
    ['/api/v1/namespaces', 'namespaces'],
    ['/api/v1/namespaces/lab', 'namespaces'],
    ['/api/v1/namespaces/lab/status', 'namespaces/status'],
    ['/api/v1/namespaces/lab/finalize', 'namespaces/finalize'],
    ['/apis/apiextensions.k8s.io/v1/customresourcedefinitions/x.metal3.io', 'customresourcedefinitions'],
    ['/apis/metal3.io/v1alpha1', 'discovery'],
    ['/api/v1', 'discovery'],
    ['/version', 'none'],
    ['/openapi/v3', 'none'],
    ['', 'none'],
  ])('%s → %s', (path, resource) => {
    expect(resourceOfPath(path)).toBe(resource);
  });
});
