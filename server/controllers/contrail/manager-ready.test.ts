import { describe, expect, it } from 'vitest';
import type { Manager } from '../../types/crds/manager';
import type { ChildState } from './manager-ready';
import { planManager } from './plan-manager';

const now = new Date('2026-01-01T00:00:00Z');
const entry = (name: string, serviceConfiguration: Record<string, string> = {}) => ({
  metadata: { name },
  spec: { serviceConfiguration },
});

function manager(withProvisionManager = true): Manager {
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Manager',
    metadata: { name: 'cluster1', namespace: 'ns', uid: 'm1', generation: 1 },
    spec: {
      services: {
        config: entry('config1'),
        controls: [entry('control1')],
        webui: entry('webui1'),
        ...(withProvisionManager ? { provisionManager: entry('pm1') } : {}),
        vrouters: [entry('vr1', { controlInstance: 'control1' })],
      },
    },
  };
}

const CONTROL_PODS = ['control1-control-statefulset-0', 'control1-control-statefulset-1'];
const VROUTER_PODS = ['vrouter-vr1-a', 'vrouter-vr1-b', 'vrouter-vr1-c', 'vrouter-vr1-d', 'vrouter-vr1-e'];
const EVERY_POD = [...CONTROL_PODS, ...VROUTER_PODS];

/** Every child active, the Controls and vRouters with their pods, the renderers given `given`. */
function ready(given: Partial<Record<'pm1' | 'webui1', string[]>>, withProvisionManager = true) {
  const states: Record<string, ChildState> = {
    config1: { active: true, nodes: ['config1-config-statefulset-0'] },
    control1: { active: true, nodes: CONTROL_PODS },
    vr1: { active: true, nodes: VROUTER_PODS },
    webui1: { active: true, nodes: ['webui1-webui-statefulset-0'], membersRendered: given.webui1 ?? [] },
    pm1: { active: true, nodes: ['pm1-provisionmanager-statefulset-0'], membersRendered: given.pm1 ?? [] },
  };
  const plan = planManager(
    { manager: manager(withProvisionManager), nodes: [{}], child: (_r, name) => states[name] },
    now,
  );
  return plan.status.conditions?.[0];
}

describe("the Manager's Ready and what its renderers were given", () => {
  it.each<[string, Partial<Record<'pm1' | 'webui1', string[]>>, boolean, 'True' | 'False', string, string]>([
    [
      'every pod given to both',
      { pm1: EVERY_POD, webui1: CONTROL_PODS },
      true,
      'True',
      'AllServicesActive',
      '',
    ],
    [
      'more given than the spec has (the cluster label reads more)',
      { pm1: [...EVERY_POD, 'vrouter-other-x'], webui1: [...CONTROL_PODS, 'control2-control-statefulset-0'] },
      true,
      'True',
      'AllServicesActive',
      '',
    ],
    [
      'the ProvisionManager not given the last vRouter pod',
      { pm1: EVERY_POD.slice(0, -1), webui1: CONTROL_PODS },
      true,
      'False',
      'RenderingBehind',
      'provisionManager pm1 not given 1 pod(s) yet: vrouter-vr1-e',
    ],
    [
      'the ProvisionManager given no vRouter pod: three named, the rest counted',
      { pm1: CONTROL_PODS, webui1: CONTROL_PODS },
      true,
      'False',
      'RenderingBehind',
      'provisionManager pm1 not given 5 pod(s) yet: vrouter-vr1-a, vrouter-vr1-b, vrouter-vr1-c, and 2 more',
    ],
    [
      'the Webui not given a Control pod',
      { pm1: EVERY_POD, webui1: CONTROL_PODS.slice(1) },
      true,
      'False',
      'RenderingBehind',
      'webui webui1 not given 1 pod(s) yet: control1-control-statefulset-0',
    ],
    [
      'no ProvisionManager in the spec, the Webui given every Control',
      { webui1: CONTROL_PODS },
      false,
      'True',
      'AllServicesActive',
      '',
    ],
  ])('%s: Ready %s', (_case, given, withProvisionManager, status, reason, message) => {
    const condition = ready(given, withProvisionManager);
    expect(condition).toMatchObject({ status, reason });
    expect(condition?.message).toContain(message);
  });

  it('waits for a renderer only once it is active: before, it is only not active', () => {
    const plan = planManager(
      {
        manager: manager(),
        nodes: [{}],
        child: (_r, name) =>
          name === 'pm1'
            ? { active: false, membersRendered: [] }
            : { active: true, nodes: EVERY_POD, membersRendered: EVERY_POD },
      },
      now,
    );
    expect(plan.status.conditions?.[0]).toMatchObject({ status: 'False', reason: 'ServicesNotActive' });
    expect(plan.status.conditions?.[0]?.message).not.toContain('not given');
  });
});
