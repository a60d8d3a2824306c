import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { EVERY_NAMESPACE, type NamespaceScope } from '../../access/namespace-scope';
import { InformerSet } from '../../kube/informer-set';
import type { Runtime } from '../../runtime';
import { bareMetalHostResource, type BareMetalHost } from '../../types/crds/bare-metal-host';
import { hostQuerySchema } from './host-query';
import { hostPage } from './host-page';

function bmh(name: string, flavor: string, resourceVersion: string): BareMetalHost {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { namespace: 'lab', name, resourceVersion, labels: { 'rackpilot.io/flavor': flavor } },
    spec: { online: true },
  };
}

/** A hosts cache never started, fed as its watch would feed it (its store, then its events). */
function fleet() {
  const informers = new InformerSet(new KubeConfig(), [bareMetalHostResource]);
  const cache = informers.of(bareMetalHostResource) as unknown as {
    apply(type: string, object: BareMetalHost): void;
  };
  const runtime = { informers } as unknown as Runtime;
  return { runtime, watched: (type: string, host: BareMetalHost) => cache.apply(type, host) };
}

const firstPage = hostQuerySchema.parse({});
const flavors = (page: ReturnType<typeof hostPage>) => page.rows.map((row) => row.flavor);

describe('hostPage', () => {
  it('answers a repeated query with the page already made until the hosts change', () => {
    const { runtime, watched } = fleet();
    watched('ADDED', bmh('r1-n01', 'worker', '1'));
    const first = hostPage(runtime, firstPage, EVERY_NAMESPACE);
    expect(hostPage(runtime, hostQuerySchema.parse({}), EVERY_NAMESPACE)).toBe(first);
    expect(hostPage(runtime, hostQuerySchema.parse({ sort: 'flavor' }), EVERY_NAMESPACE)).not.toBe(first);

    watched('MODIFIED', bmh('r1-n01', 'storage', '2'));
    const after = hostPage(runtime, firstPage, EVERY_NAMESPACE);
    expect(flavors(after)).toEqual(['storage']);
    watched('ADDED', bmh('r1-n02', 'worker', '3'));
    expect(hostPage(runtime, firstPage, EVERY_NAMESPACE).total).toBe(2);
    watched('DELETED', bmh('r1-n01', 'storage', '4'));
    expect(hostPage(runtime, firstPage, EVERY_NAMESPACE).total).toBe(1);
  });

  it('keeps no page of a scope narrower than every namespace', () => {
    const { runtime, watched } = fleet();
    watched('ADDED', bmh('r1-n01', 'worker', '1'));
    const lab: NamespaceScope = { all: false, key: 'lab', allows: (namespace) => namespace === 'lab' };
    const first = hostPage(runtime, firstPage, lab);
    expect(first.total).toBe(1);
    expect(hostPage(runtime, firstPage, lab)).not.toBe(first);
  });
});
