// What the Contrail Manager integration tests share: three simulated controller nodes, a Manager named
// cluster1 whose pods land on them, and one service's pods made not ready and ready again.
import { afterAll, beforeAll, expect } from 'vitest';
import { managerResource, type Manager } from '../../server/types/crds';
import { contrailTestCluster, readyOf, TEST_LABEL, type ContrailTestCluster } from './contrail-test-cluster';
import { eventually } from './eventually';

const MANAGER = 'cluster1';

/** A test cluster with three controller nodes, started before the file's tests and removed after them. */
export function controllerCluster(
  prefix: string,
  settings?: Parameters<typeof contrailTestCluster>[1],
): ContrailTestCluster {
  const t = contrailTestCluster(prefix, settings);
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) await t.createNode(`m${i}`, { role: 'controller' });
    await t.start();
  }, 120_000);
  afterAll(() => t.stop());
  return t;
}

/** One entry of a Manager's `spec.services`. */
export function service(name: string, serviceConfiguration: Record<string, unknown> = {}) {
  return { metadata: { name }, spec: { serviceConfiguration } };
}

/** Creates the Manager with `services`, its pods kept to the cluster's controller nodes. */
export async function createManager(
  t: ContrailTestCluster,
  services: Record<string, unknown>,
): Promise<void> {
  await t.create(managerResource, {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Manager',
    metadata: { name: MANAGER, namespace: t.namespace },
    spec: {
      commonConfiguration: {
        nodeSelector: { [TEST_LABEL]: t.id, role: 'controller' },
        tolerations: t.tolerations,
      },
      services,
    },
  } as Manager);
}

export function managerOf(t: ContrailTestCluster): Promise<Manager | undefined> {
  return t.get<Manager>(managerResource, MANAGER);
}

type ManagerCheck = (manager: Manager | undefined) => Promise<void> | void;

/** A Manager under test: how to read it, and how to make one service's pods (not) ready. */
export interface ManagerUnderTest {
  manager(): Promise<Manager | undefined>;
  setPodsReady(type: string, name: string, ready: boolean): Promise<unknown>;
}

/** The test cluster's own Manager. */
export const clusterManager = (t: ContrailTestCluster): ManagerUnderTest => ({
  manager: () => managerOf(t),
  setPodsReady: (type, name, ready) => t.setPodsReady(type, name, ready),
});

/** The Ready of a Manager whose every service is active and complete. */
export const ALL_ACTIVE = { status: 'True', reason: 'AllServicesActive' } as const;

/** The Ready of a Manager whose services are all active but the ones named are short of part of their spec. */
export function incompleteReady(...entries: string[]) {
  return {
    status: 'False',
    reason: 'ServicesIncomplete',
    message: expect.stringMatching(
      new RegExp(`^active but not complete: ${entries.map((e) => `${e}: [^;]+`).join('; ')}$`),
    ) as unknown,
  };
}

/**
 * Makes one service's pods not ready until the Manager's Ready is False naming it, then ready again
 * until the Manager's Ready is `settled` (every service active unless told otherwise); `whileDown`
 * and `whenBack` check more at each end.
 */
export async function expectManagerNamesNotReady(
  t: ManagerUnderTest,
  service: { type: string; name: string },
  checks: { whileDown?: ManagerCheck; whenBack?: ManagerCheck; settled?: object } = {},
): Promise<void> {
  await t.setPodsReady(service.type, service.name, false);
  await eventually(
    async () => {
      const manager = await t.manager();
      expect(readyOf(manager)).toMatchObject({
        status: 'False',
        reason: 'ServicesNotActive',
        // What else holds Ready back (services waiting for it, an incomplete service) is said after it.
        message: expect.stringMatching(
          new RegExp(`^not active yet: ${service.type} ${service.name}(,|;|$)`),
        ) as unknown,
      });
      await checks.whileDown?.(manager);
    },
    60_000,
    500,
  );
  await t.setPodsReady(service.type, service.name, true);
  await eventually(
    async () => {
      const manager = await t.manager();
      expect(readyOf(manager)).toMatchObject(checks.settled ?? ALL_ACTIVE);
      await checks.whenBack?.(manager);
    },
    60_000,
    500,
  );
}
