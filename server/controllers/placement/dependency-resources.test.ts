import { describe, expect, it } from 'vitest';
import { isApplied, type DependencyObject } from './dependency-resources';

const desired: DependencyObject = {
  apiVersion: 'mariadb.openstack.org/v1beta1',
  kind: 'MariaDBAccount',
  metadata: {
    name: 'placement',
    namespace: 'openstack',
    labels: { mariaDBDatabaseName: 'placement' },
    finalizers: ['placement.openstack.org/placementapi'],
  },
  spec: { userName: 'placement', secret: 'placement-db-secret' },
};

/** As the API server returns it: defaults, status and another operator's finalizer added. */
const stored: DependencyObject = {
  ...desired,
  metadata: {
    name: 'placement',
    namespace: 'openstack',
    uid: 'u1',
    resourceVersion: '42',
    labels: { mariaDBDatabaseName: 'placement', extra: 'yes' },
    finalizers: ['openstack.org/mariadbaccount', 'placement.openstack.org/placementapi'],
  },
  spec: { ...desired.spec, requireTLS: false },
  status: { conditions: [{ type: 'Ready', status: 'True' }] },
};

const withMetadata = (metadata: Record<string, unknown>): DependencyObject => ({
  ...stored,
  metadata: Object.assign({}, stored.metadata, metadata),
});

describe('isApplied', () => {
  it.each<[string, DependencyObject | undefined, boolean]>([
    ['as stored, with defaults, status and another finalizer', stored, true],
    ['not there yet', undefined, false],
    ['without our finalizer', withMetadata({ finalizers: ['other'] }), false],
    ['with a field changed', { ...stored, spec: { ...stored.spec, userName: 'someone' } }, false],
    ['with a label gone', withMetadata({ labels: {} }), false],
    ['under another name', withMetadata({ name: 'other' }), false],
  ])('%s: %s', (_, observed, applied) => {
    expect(isApplied(desired, observed)).toBe(applied);
  });
});
