import { randomBytes } from 'node:crypto';
import {
  ApiextensionsV1Api,
  CoreV1Api,
  KubeConfig,
  type V1ConfigMap,
  type V1CustomResourceDefinition,
  type V1JSONSchemaProps,
} from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../tools/testenv/eventually';
import { Informer } from './informer';
import { installCrds } from './install-crds';
import { kubeRequestJson } from './kube-request';
import { LAST_APPLIED_ANNOTATION } from './lean-object';
import { collectionPath, type ResourceDescriptor } from './resource';

const kc = new KubeConfig();
kc.loadFromDefault();
const core = kc.makeApiClient(CoreV1Api);
const labels = { test: 'informer' };
const namespace = `informer-${randomBytes(3).toString('hex')}`;

const configMaps: ResourceDescriptor = {
  group: '',
  version: 'v1',
  plural: 'configmaps',
  kind: 'ConfigMap',
  namespaced: true,
};

beforeAll(async () => {
  await core.createNamespace({ body: { metadata: { name: namespace } } });
});

afterAll(async () => {
  await core.deleteNamespace({ name: namespace });
});

describe('Informer against the API server', () => {
  it('caches objects without managedFields or the last-applied copy kubectl apply adds', async () => {
    await core.createNamespacedConfigMap({
      namespace,
      fieldManager: 'kubectl-client-side-apply',
      body: {
        metadata: {
          name: 'applied',
          labels: { test: 'lean' },
          annotations: { [LAST_APPLIED_ANNOTATION]: '{"data":{"a":"1"}}', 'example.com/note': 'kept' },
        },
        data: { a: '1' },
      },
    });
    const informer = new Informer<V1ConfigMap>(kc, configMaps, { namespace, labelSelector: 'test=lean' });
    informer.start();
    try {
      await eventually(() => {
        expect(informer.get('applied', namespace)).toBeDefined();
      });
      const listed = informer.get('applied', namespace);
      expect(listed?.metadata?.managedFields).toBeUndefined();
      expect(listed?.metadata?.annotations).toEqual({ 'example.com/note': 'kept' });

      // The same on the watch path.
      await kubeRequestJson(kc, `${collectionPath(configMaps, namespace)}/applied`, {
        method: 'PATCH',
        contentType: 'application/merge-patch+json',
        query: { fieldManager: 'kubectl-client-side-apply' },
        body: { data: { a: '2' } },
      });
      await eventually(() => {
        expect(informer.get('applied', namespace)?.data?.a).toBe('2');
      });
      const watched = informer.get('applied', namespace);
      expect(watched?.metadata?.managedFields).toBeUndefined();
      expect(watched?.metadata?.annotations).toEqual({ 'example.com/note': 'kept' });
    } finally {
      informer.stop();
    }
  });

  it('pages the initial list, then follows adds, updates and deletes', async () => {
    for (let i = 0; i < 7; i++) {
      await core.createNamespacedConfigMap({
        namespace,
        body: { metadata: { name: `pre-${i}`, labels }, data: { i: String(i) } },
      });
    }
    // The label keeps out kube-root-ca.crt, which the controller manager puts in every namespace.
    const informer = new Informer<V1ConfigMap>(kc, configMaps, {
      namespace,
      pageSize: 3,
      labelSelector: 'test=informer',
    });
    const events: string[] = [];
    informer.on('add', (cm) => events.push(`add ${cm.metadata?.name ?? ''}`));
    informer.on('update', (cm) => events.push(`update ${cm.metadata?.name ?? ''}`));
    informer.on('delete', (cm) => events.push(`delete ${cm.metadata?.name ?? ''}`));
    informer.start();
    try {
      await eventually(() => {
        expect(informer.synced).toBe(true);
      });
      expect(informer.size).toBe(7);
      expect(informer.get('pre-0', namespace)?.metadata?.managedFields).toBeUndefined();

      await core.createNamespacedConfigMap({
        namespace,
        body: { metadata: { name: 'live', labels }, data: { a: '1' } },
      });
      await core.replaceNamespacedConfigMap({
        name: 'live',
        namespace,
        body: { metadata: { name: 'live', labels }, data: { a: '2' } },
      });
      await core.deleteNamespacedConfigMap({ name: 'pre-3', namespace });
      await eventually(() => {
        expect(informer.get('live', namespace)?.data?.a).toBe('2');
        expect(informer.get('pre-3', namespace)).toBeUndefined();
      });
      expect(events).toContain('add live');
      expect(events).toContain('update live');
      expect(events).toContain('delete pre-3');
    } finally {
      informer.stop();
    }
  });

  it('keeps retrying after errors and syncs once the resource exists', async () => {
    const group = `${namespace}.test.rackpilot.io`;
    const widgets: ResourceDescriptor = {
      group,
      version: 'v1',
      plural: 'widgets',
      kind: 'Widget',
      namespaced: true,
    };
    const crd: V1CustomResourceDefinition = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: `widgets.${group}` },
      spec: {
        group,
        scope: 'Namespaced',
        names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            // Raw manifest keys: installCrds sends the object as JSON, unconverted.
            schema: {
              openAPIV3Schema: {
                type: 'object',
                'x-kubernetes-preserve-unknown-fields': true,
              } as V1JSONSchemaProps,
            },
          },
        ],
      },
    };
    const informer = new Informer(kc, widgets);
    informer.start();
    try {
      await eventually(() => {
        expect(informer.restarts).toBeGreaterThan(0);
      });
      expect(informer.synced).toBe(false);
      expect(informer.lastError).toMatch(/404|not found/i);
      expect(informer.health).toMatchObject({ kind: 'Widget', synced: false, backingOff: true });

      await installCrds(kc, [crd]);
      await eventually(() => {
        expect(informer.synced).toBe(true);
      }, 40_000);
      expect(informer.health).toMatchObject({ synced: true, backingOff: false });
      expect(informer.health.lastContactAt).toBeGreaterThan(0);
    } finally {
      informer.stop();
      await kc
        .makeApiClient(ApiextensionsV1Api)
        .deleteCustomResourceDefinition({ name: crd.metadata?.name ?? '' });
    }
  });
});
