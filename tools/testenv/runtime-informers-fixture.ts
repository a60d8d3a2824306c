import { randomBytes } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll } from 'vitest';
import { applyObject, deleteObject } from '../../server/kube/apply';
import type { InformerSet } from '../../server/kube/informer-set';
import { namespaceResource } from '../../server/kube/resource';
import { runtimeInformers } from '../../server/kube/runtime-informers';

export interface RuntimeInformersFixture {
  readonly kc: KubeConfig;
  /** A namespace of the test file's own, deleted after it. */
  readonly namespace: string;
  /** The runtime's own informers as server/main.ts builds them with no controllers: nodes and Secrets. */
  readonly informers: InformerSet;
}

/**
 * For a test file: a fresh namespace and the runtime's informers, synced before its first test and
 * stopped (namespace deleted) after its last.
 */
export function runtimeInformersFixture(prefix: string): RuntimeInformersFixture {
  const kc = new KubeConfig();
  kc.loadFromDefault();
  const namespace = `${prefix}-${randomBytes(3).toString('hex')}`;
  let informers: InformerSet | undefined;

  beforeAll(async () => {
    await applyObject(kc, namespaceResource, {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: namespace },
    });
    informers = runtimeInformers(kc, [], [], () => undefined);
    informers.start();
    await informers.waitForSync(30_000);
  });

  afterAll(async () => {
    informers?.stop();
    await deleteObject(kc, namespaceResource, undefined, namespace);
  });

  return {
    kc,
    namespace,
    get informers() {
      if (!informers) throw new Error('the runtime informers start in beforeAll');
      return informers;
    },
  };
}
