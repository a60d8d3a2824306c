// The SIP controller with clusters that wait for hosts: what it says, and what wakes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../tools/testenv/eventually';
import type { ControllerHarness } from '../../../tools/testenv/controller-harness';
import { untilIdle } from '../../../tools/testenv/controller-idle';
import { kubeRequestJson } from '../../kube/kube-request';
import { collectionPath } from '../../kube/resource';
import { SIP_NODE_TYPE_LABEL } from '../../schemas/host-labels';
import { sipClusterResource } from '../../types/crds';
import {
  applyNetworkData,
  cluster,
  create,
  extraHost,
  hosts,
  kc,
  labelledFor,
  namespace,
  readyOf,
  remove,
  run,
  sipCluster,
  startSipLab,
  stopSipLab,
} from '../../../tools/testenv/sip-lab-namespace';

let harness: ControllerHarness;

beforeAll(async () => {
  harness = await startSipLab();
}, 120_000);

afterAll(() => stopSipLab(harness));

describe('SIPCluster controller with clusters waiting for hosts', () => {
  it('never labels anything when a role cannot be satisfied, and says why', async () => {
    await create(sipCluster('too-big', { cp: [1, 0], workers: 50 }));
    const current = await eventually(async () => {
      const found = await cluster('too-big');
      expect(readyOf(found)?.reason).toBe('Unschedulable');
      return found;
    });
    expect(readyOf(current)?.status).toBe('False');
    expect(readyOf(current)?.message).toMatch(/Worker/);
    expect(labelledFor(await hosts(), 'too-big')).toEqual([]);
    await remove('too-big');
    await eventually(async () => {
      expect(await cluster('too-big')).toBeUndefined();
    });
  });

  it('schedules only available hosts nothing holds back, and a waiting cluster says where the candidates stand', async () => {
    // The lab's 12 workers: 8 available (one of them returned), 2 provisioned and consumed by a
    // Metal3Machine (claimed, so not candidates), 1 inspecting and 1 available but with its BMC in error.
    await create(sipCluster('picky', { cp: [1, 0], workers: 9, portBase: 30030 }));
    const waiting = await eventually(async () => {
      const found = readyOf(await cluster('picky'));
      expect(found?.reason).toBe('Unschedulable');
      return found;
    });
    expect(waiting?.message).toContain(
      'Worker: 9 wanted, 8 schedulable (selector rackpilot.io/flavor=worker,' +
        `test.rackpilot.io/run=${run}, one per kubernetes.io/hostname),` +
        ' candidates: 8 available, 1 in error, 1 inspecting',
    );
    expect(labelledFor(await hosts(), 'picky')).toEqual([]);

    await kubeRequestJson(kc, `${collectionPath(sipClusterResource, namespace)}/picky`, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: { spec: { nodes: { Worker: { count: { active: 8, standby: 0 } } } } },
    });
    await eventually(async () => {
      expect(labelledFor(await hosts(), 'picky')).toHaveLength(9);
    });
    const workers = labelledFor(await hosts(), 'picky').filter(
      (h) => h.metadata.labels?.[SIP_NODE_TYPE_LABEL] === 'Worker',
    );
    expect(workers.map((h) => h.status?.provisioning?.state)).toEqual(Array(8).fill('available'));
    expect(workers.map((h) => h.metadata.name)).not.toContain('r3-wk-03');
    expect(workers.map((h) => h.metadata.name)).not.toContain('r4-wk-03');
    await remove('picky');
    await eventually(async () => {
      expect(labelledFor(await hosts(), 'picky')).toEqual([]);
    });
  });

  it('takes a host once the Secret that kept it unusable appears, with no other change to wake it', async () => {
    await extraHost('late-a', 3, '10.99.0.7', { flavor: 'late', networkSecret: false });
    await create(sipCluster('late', { cp: [1, 0], workers: 1, workerSelector: 'late', portBase: 30060 }));
    const waiting = await eventually(async () => {
      const ready = readyOf(await cluster('late'));
      expect(ready?.reason).toBe('Unschedulable');
      return ready;
    });
    expect(waiting?.message).toContain(`networkData Secret ${namespace}/late-a-networkdata not found`);
    // Settled: its owned Deployments' rollouts no longer wake it, so only the Secret can.
    await untilIdle(harness, 'sip');
    await applyNetworkData('late-a', '10.99.0.7');
    await eventually(async () => {
      const ready = readyOf(await cluster('late'));
      expect(ready?.status, ready?.message).toBe('True');
    });
    expect(labelledFor(await hosts(), 'late').map((h) => h.metadata.name)).toContain('late-a');
    await remove('late');
    await eventually(async () => {
      expect(await cluster('late')).toBeUndefined();
    });
  });
});
