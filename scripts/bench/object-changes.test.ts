import type { KubernetesObject } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { ChangeCounter } from './object-changes';

const daemonSet = (spec: object, annotations: Record<string, string> = {}, status: object = {}) =>
  ({ metadata: { name: 'ds', annotations }, spec, status }) as KubernetesObject;
const vrouter = (status?: object) =>
  ({ metadata: { name: 'g' }, spec: { a: 1 }, status }) as KubernetesObject;

describe('ChangeCounter', () => {
  it("counts a create and each change of what the writer sets, not the control plane's own writes", () => {
    const changes = new ChangeCounter(new Set(['Vrouter']));
    const first = daemonSet({ replicas: 1 }, { 'rackpilot.io/spec-hash': 'a' });
    changes.observe('DaemonSet', first);
    // The DaemonSet controller's status and its own annotation: not the writer's.
    const withStatus = daemonSet(
      { replicas: 1 },
      { 'rackpilot.io/spec-hash': 'a', 'deprecated.daemonset.template.generation': '1' },
      { numberReady: 3 },
    );
    changes.observe('DaemonSet', withStatus, first);
    const resynced = withStatus;
    changes.observe('DaemonSet', resynced, withStatus);
    changes.observe('DaemonSet', daemonSet({ replicas: 2 }, { 'rackpilot.io/spec-hash': 'b' }), resynced);
    expect(changes.total).toBe(2);
  });

  it("counts a custom resource's status writes, not its create", () => {
    const changes = new ChangeCounter(new Set(['Vrouter']));
    const created = vrouter();
    changes.observe('Vrouter', created);
    const scheduling = vrouter({ readyNodes: 0 });
    changes.observe('Vrouter', scheduling, created);
    changes.observe('Vrouter', vrouter({ readyNodes: 0 }), scheduling);
    changes.observe('Vrouter', vrouter({ readyNodes: 2 }), scheduling);
    changes.observe('ConfigMap', { metadata: { name: 'c' }, data: { k: 'v' } } as KubernetesObject);
    expect(changes.total).toBe(3);
    expect(changes.describe()).toBe('ConfigMap 1, Vrouter 2');
  });
});
