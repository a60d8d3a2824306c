import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig, type KubernetesObject } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { EventRecorder } from './events';
import { kubeGetJson } from './kube-request';

const kc = new KubeConfig();
kc.loadFromDefault();
const core = kc.makeApiClient(CoreV1Api);
const namespace = `events-${randomBytes(3).toString('hex')}`;

interface Event {
  metadata: { name: string };
  reportingController: string;
  reportingInstance: string;
  action: string;
  reason: string;
  note: string;
  type: string;
  regarding: { kind?: string; name?: string; namespace?: string; uid?: string };
  series?: { count: number };
}

let regarding: KubernetesObject;

beforeAll(async () => {
  await core.createNamespace({ body: { metadata: { name: namespace } } });
  const configMap = await core.createNamespacedConfigMap({
    namespace,
    body: { metadata: { name: 'target' } },
  });
  regarding = { apiVersion: 'v1', kind: 'ConfigMap', metadata: configMap.metadata };
});

afterAll(async () => {
  await core.deleteNamespace({ name: namespace });
});

async function events(reason: string): Promise<Event[]> {
  const list = await kubeGetJson<{ items: Event[] }>(
    kc,
    `/apis/events.k8s.io/v1/namespaces/${namespace}/events`,
  );
  return list.items.filter((event) => event.reason === reason);
}

describe('EventRecorder against the API server', () => {
  it('writes an event regarding the object, and a repeat as a series on the same event', async () => {
    const recorder = new EventRecorder(kc, 'test-controller', 'replica-1');
    const input = { type: 'Warning', reason: 'Repeated', note: 'disk full', action: 'Schedule' } as const;
    await recorder.record(regarding, input);
    const [first, ...others] = await events('Repeated');
    expect(others).toEqual([]);
    expect(first).toMatchObject({
      reportingController: 'test-controller',
      reportingInstance: 'replica-1',
      action: 'Schedule',
      note: 'disk full',
      type: 'Warning',
      regarding: { kind: 'ConfigMap', name: 'target', namespace, uid: regarding.metadata?.uid },
    });
    expect(first?.series).toBeUndefined();

    await recorder.record(regarding, input);
    await recorder.record(regarding, input);
    await eventually(async () => {
      const repeated = await events('Repeated');
      expect(repeated).toHaveLength(1);
      expect(repeated[0]?.metadata.name).toBe(first?.metadata.name);
      expect(repeated[0]?.series?.count).toBe(3);
    });
  });

  it('aggregates a reconcile that fails on every pass into one event, its count written now and then', async () => {
    const recorder = new EventRecorder(kc, 'test-controller', 'replica-1');
    const input = {
      type: 'Warning',
      reason: 'Failing',
      note: 'cannot reach BMC',
      action: 'Reconcile',
    } as const;
    await Promise.all(Array.from({ length: 100 }, () => recorder.record(regarding, input)));
    await eventually(async () => {
      const failing = await events('Failing');
      expect(failing).toHaveLength(1);
      expect(failing[0]?.series?.count).toBe(100);
    }, 15_000);
  });

  it('writes a separate event when the note differs, and cuts a long note', async () => {
    const recorder = new EventRecorder(kc, 'test-controller', 'replica-1');
    await recorder.record(regarding, { type: 'Normal', reason: 'Noted', note: 'one', action: 'Sync' });
    await recorder.record(regarding, {
      type: 'Normal',
      reason: 'Noted',
      note: 'x'.repeat(2000),
      action: 'Sync',
    });
    const noted = await events('Noted');
    expect(noted.map((event) => event.note.length).sort((a, b) => a - b)).toEqual([3, 1024]);
  });

  it('never fails its caller: a refused event is logged and dropped', async () => {
    const log: string[] = [];
    const recorder = new EventRecorder(kc, 'test-controller', 'replica-1', (line) => log.push(line));
    const elsewhere = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'ghost', namespace: `${namespace}-missing` },
    };
    await expect(
      recorder.record(elsewhere, { type: 'Normal', reason: 'Lost', note: 'n', action: 'Sync' }),
    ).resolves.toBeUndefined();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^event Lost on ghost not recorded: /);
  });
});
