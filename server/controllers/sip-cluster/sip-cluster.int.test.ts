import { type V1Deployment } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../tools/testenv/eventually';
import type { ControllerHarness } from '../../../tools/testenv/controller-harness';
import { createFixtureObject, fixtureObject } from '../../../tools/testenv/upstream-shapes';
import { kubeGetJson, kubeRequestJson } from '../../kube/kube-request';
import { collectionPath, deploymentResource, serviceResource } from '../../kube/resource';
import { RACK_LABEL, SIP_NODE_TYPE_LABEL } from '../../schemas/host-labels';
import { sipClusterResource } from '../../types/crds';
import {
  cluster,
  create,
  extraHost,
  hosts,
  kc,
  labelledFor,
  namespace,
  readyOf,
  remove,
  sipCluster,
  startSipLab,
  stopSipLab,
} from '../../../tools/testenv/sip-lab-namespace';

let harness: ControllerHarness;

beforeAll(async () => {
  harness = await startSipLab();
}, 120_000);

afterAll(() => stopSipLab(harness));

describe('SIPCluster controller on the real API server', () => {
  it('schedules 2+1 control-plane hosts on distinct racks and 3 workers, runs the services, then releases all', async () => {
    await create(sipCluster('tenant-a', { cp: [2, 1], workers: 3 }));
    const ready = await eventually(async () => {
      const current = await cluster('tenant-a');
      expect(readyOf(current)?.status, readyOf(current)?.message).toBe('True');
      return current;
    });
    expect(readyOf(ready)?.reason).toBe('ReconciliationSucceeded');
    expect(readyOf(ready)?.observedGeneration).toBe(ready?.metadata.generation);
    expect(ready?.metadata.finalizers).toContain('sip.airship.airshipit.org/finalizer');

    const mine = labelledFor(await hosts(), 'tenant-a');
    const controlPlane = mine.filter((h) => h.metadata.labels?.[SIP_NODE_TYPE_LABEL] === 'ControlPlane');
    const workers = mine.filter((h) => h.metadata.labels?.[SIP_NODE_TYPE_LABEL] === 'Worker');
    expect(controlPlane).toHaveLength(3);
    expect(new Set(controlPlane.map((h) => h.metadata.labels?.[RACK_LABEL])).size).toBe(3);
    expect(workers).toHaveLength(3);

    for (const name of [
      'loadbalancer-controlplane-tenant-a',
      'loadbalancer-worker-tenant-a',
      'jumphost-tenant-a',
    ]) {
      await kubeGetJson(kc, `${collectionPath(deploymentResource, namespace)}/${name}`);
      await kubeGetJson(kc, `${collectionPath(serviceResource, namespace)}/${name}`);
    }

    // Lower the worker count: the surplus host is released.
    await kubeRequestJson(kc, `${collectionPath(sipClusterResource, namespace)}/tenant-a`, {
      method: 'PATCH',
      contentType: 'application/merge-patch+json',
      body: { spec: { nodes: { Worker: { count: { active: 2, standby: 0 } } } } },
    });
    await eventually(async () => {
      const workersNow = labelledFor(await hosts(), 'tenant-a').filter(
        (h) => h.metadata.labels?.[SIP_NODE_TYPE_LABEL] === 'Worker',
      );
      expect(workersNow).toHaveLength(2);
    });

    await remove('tenant-a');
    await eventually(async () => {
      expect(await cluster('tenant-a')).toBeUndefined();
      expect(labelledFor(await hosts(), 'tenant-a')).toEqual([]);
    });
  });

  it("runs the jump host when two hosts share a service address (upstream's sample hosts do)", async () => {
    for (const [index, name] of ['twin-a', 'twin-b'].entries()) {
      await extraHost(name, index + 1, '10.99.0.5');
    }
    await create(sipCluster('twins', { cp: [1, 0], workers: 2, workerSelector: 'twin', portBase: 30040 }));
    await eventually(async () => {
      const ready = readyOf(await cluster('twins'));
      expect(ready?.status, ready?.message).toBe('True');
    });
    const jumpHost = await kubeGetJson<V1Deployment>(
      kc,
      `${collectionPath(deploymentResource, namespace)}/jumphost-twins`,
    );
    expect(jumpHost.spec?.template.spec?.hostAliases).toContainEqual({
      ip: '10.99.0.5',
      hostnames: ['twin-a', 'twin-b'],
    });
    await remove('twins');
    await eventually(async () => {
      expect(await cluster('twins')).toBeUndefined();
    });
  });

  it("reports a service object the API server refuses as InfraServiceFailure, in the API server's words", async () => {
    // A Service outside SIP holds the jump host's node port.
    await kubeRequestJson(kc, collectionPath(serviceResource, namespace), {
      method: 'POST',
      body: {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 'port-squatter' },
        spec: { type: 'NodePort', selector: { app: 'none' }, ports: [{ port: 22, nodePort: 30050 }] },
      },
    });
    await create(sipCluster('blocked', { cp: [1, 0], workers: 1, portBase: 30050 }));
    // Eventually the jump host's port: under load a pass can also meet its own worker Service, made
    // one pass before and not yet in its cache, whose create the API server refuses for its node port.
    const failed = await eventually(async () => {
      const ready = readyOf(await cluster('blocked'));
      expect(ready?.reason).toBe('InfraServiceFailure');
      expect(ready?.message).toMatch(/^service objects rejected: .*30050.*already allocated/);
      return ready;
    });
    expect(failed?.status).toBe('False');
    expect(failed?.message).not.toMatch(/\/api\/v1|https?:/);

    await kubeRequestJson(kc, `${collectionPath(serviceResource, namespace)}/port-squatter`, {
      method: 'DELETE',
    });
    // The controller looks again on its own after a failure (every 30 s).
    await eventually(async () => {
      const ready = readyOf(await cluster('blocked'));
      expect(ready?.status, ready?.message).toBe('True');
    }, 90_000);
    await remove('blocked');
    await eventually(async () => {
      expect(await cluster('blocked')).toBeUndefined();
    });
  }, 120_000);

  it('gives two clusters with overlapping selectors disjoint hosts', async () => {
    // Both ask for 3 of the 8 control-plane hosts (one per rack) and 4 of the 8 available workers.
    await Promise.all([
      create(sipCluster('left', { cp: [2, 1], workers: 4, portBase: 30010 })),
      create(sipCluster('right', { cp: [2, 1], workers: 4, portBase: 30020 })),
    ]);
    await eventually(async () => {
      for (const name of ['left', 'right']) {
        const ready = readyOf(await cluster(name));
        expect(ready?.status, `${name}: ${ready?.message ?? ''}`).toBe('True');
      }
    });
    const all = await hosts();
    const left = labelledFor(all, 'left').map((h) => h.metadata.name);
    const right = labelledFor(all, 'right').map((h) => h.metadata.name);
    expect(left).toHaveLength(7);
    expect(right).toHaveLength(7);
    expect(left.filter((name) => right.includes(name))).toEqual([]);
    await Promise.all([remove('left'), remove('right')]);
    await eventually(async () => {
      expect(labelledFor(await hosts(), 'left')).toEqual([]);
      expect(labelledFor(await hosts(), 'right')).toEqual([]);
    });
  });

  it("reconciles upstream's sample (tests/fixtures/upstream-shapes): a verdict for its generation", async () => {
    const sample = fixtureObject('sip/sipcluster-sample.yaml', 'SIPCluster');
    await createFixtureObject(kc, sample, namespace);
    const verdict = await eventually(async () => {
      const found = await cluster(sample.metadata.name);
      expect(readyOf(found)?.reason ?? 'Progressing').not.toBe('Progressing');
      return found;
    });
    expect(readyOf(verdict)?.observedGeneration).toBe(verdict?.metadata.generation);
    await remove(sample.metadata.name);
    await eventually(async () => expect(await cluster(sample.metadata.name)).toBeUndefined());
  });
});
