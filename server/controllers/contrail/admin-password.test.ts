import { describe, expect, it } from 'vitest';
import type { Manager } from '../../types/crds/manager';
import { adminPasswordEnv, plannedAdminPassword } from './admin-password';
import { planManager } from './plan-manager';

const entry = (name: string, serviceConfiguration: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: {
    serviceConfiguration: {
      cassandraInstance: 'cassandra1',
      zookeeperInstance: 'zookeeper1',
      ...serviceConfiguration,
    },
  },
});

function manager(keystoneSecretName?: string, webuiOwn: Record<string, unknown> = {}): Manager {
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Manager',
    metadata: { name: 'cluster1', namespace: 'ns', uid: 'm1' },
    spec: {
      ...(keystoneSecretName ? { keystoneSecretName } : {}),
      services: {
        cassandras: [entry('cassandra1')],
        zookeepers: [entry('zookeeper1')],
        rabbitmq: entry('rabbitmq1'),
        config: entry('config1'),
        controls: [entry('control1')],
        webui: entry('webui1', webuiOwn),
        provisionManager: entry('provmanager1'),
      },
    },
  };
}

/** Each child's serviceConfiguration.keystoneSecretName, by kind, with every dependency active. */
function handedDown(m: Manager): Record<string, unknown> {
  const plan = planManager({ manager: m, nodes: [{}], child: () => ({ active: true }) }, new Date());
  return Object.fromEntries<unknown>(
    plan.objects.map((o) => [
      o.kind ?? '',
      (o as { spec: { serviceConfiguration: Record<string, unknown> } }).spec.serviceConfiguration
        .keystoneSecretName,
    ]),
  );
}

describe("the Manager's keystoneSecretName", () => {
  it.each([
    ["unset: upstream's default", undefined, 'cluster1-admin-password'],
    ["the user's, kept", 'my-admin', 'my-admin'],
  ])('%s, handed to Config, Webui and ProvisionManager only', (_, given, expected) => {
    expect(handedDown(manager(given))).toEqual({
      Cassandra: undefined,
      Zookeeper: undefined,
      Rabbitmq: undefined,
      Config: expected,
      Control: undefined,
      Webui: expected,
      ProvisionManager: expected,
    });
  });

  it("overrides an entry's own name, as upstream's Manager does", () => {
    expect(handedDown(manager('my-admin', { keystoneSecretName: 'other' })).Webui).toBe('my-admin');
    expect(handedDown(manager(undefined, { keystoneSecretName: 'other' })).Webui).toBe(
      'cluster1-admin-password',
    );
  });
});

describe('plannedAdminPassword', () => {
  it('plans a generated password under that name, controlled by the Manager, when none exists', () => {
    for (const [given, name] of [
      [undefined, 'cluster1-admin-password'],
      ['my-admin', 'my-admin'],
    ] as const) {
      const secret = plannedAdminPassword(manager(given), false);
      expect(secret?.metadata).toMatchObject({
        name,
        namespace: 'ns',
        ownerReferences: [{ kind: 'Manager', name: 'cluster1', uid: 'm1', controller: true }],
      });
      expect(secret?.stringData?.password).toMatch(/^[\w-]{20,}$/);
    }
  });

  it('plans nothing when a Secret of that name exists, whoever made it', () => {
    expect(plannedAdminPassword(manager(), true)).toBeUndefined();
    expect(plannedAdminPassword(manager('my-admin'), true)).toBeUndefined();
  });

  it('generates a new password for each Manager', () => {
    expect(plannedAdminPassword(manager(), false)?.stringData?.password).not.toBe(
      plannedAdminPassword(manager(), false)?.stringData?.password,
    );
  });
});

describe('adminPasswordEnv', () => {
  it("reads the Secret's password key, and gives nothing without a Secret", () => {
    expect(adminPasswordEnv('X', 's')).toEqual([
      { name: 'X', valueFrom: { secretKeyRef: { name: 's', key: 'password' } } },
    ]);
    expect(adminPasswordEnv('X', undefined)).toEqual([]);
  });
});
