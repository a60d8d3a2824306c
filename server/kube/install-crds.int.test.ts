import { randomBytes } from 'node:crypto';
import { KubeConfig, type V1CustomResourceDefinition } from '@kubernetes/client-node';
import { afterAll, describe, expect, it } from 'vitest';
import { CRD_OWNER_ANNOTATION, installCrds } from './install-crds';
import { kubeGetJson, kubeRequestJson } from './kube-request';

const kc = new KubeConfig();
kc.loadFromDefault();
const group = `crds-${randomBytes(3).toString('hex')}.test.rackpilot.io`;
const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

/** A test kind of its own; `description` tells one revision of its schema from another. */
function crd(plural: string, description: string): V1CustomResourceDefinition {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      scope: 'Namespaced',
      names: {
        plural,
        singular: plural.slice(0, -1),
        kind: `${plural.charAt(0).toUpperCase()}${plural.slice(1, -1)}`,
      },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: 'object', description } },
        },
      ],
    },
  };
}

const stored = (name: string) => kubeGetJson<V1CustomResourceDefinition>(kc, `${CRDS}/${name}`);
const descriptionOf = (found: V1CustomResourceDefinition) =>
  found.spec.versions[0]?.schema?.openAPIV3Schema?.description;

afterAll(async () => {
  for (const plural of ['widgets', 'gadgets']) {
    await kubeRequestJson(kc, `${CRDS}/${plural}.${group}`, { method: 'DELETE' }).catch(() => undefined);
  }
});

describe('installCrds against the API server', () => {
  it('installs what is absent and updates its own, but leaves a CRD another installer owns untouched', async () => {
    // An upstream operator's CRD, created with its own client (not our field manager).
    await kubeRequestJson(kc, CRDS, {
      method: 'POST',
      query: { fieldManager: 'upstream-operator' },
      body: crd('gadgets', 'upstream revision'),
    });
    const first = await installCrds(kc, [crd('widgets', 'ours, first'), crd('gadgets', 'ours')]);
    expect(first).toEqual([
      { name: `widgets.${group}`, outcome: 'installed' },
      { name: `gadgets.${group}`, outcome: 'foreign' },
    ]);
    const gadgets = await stored(`gadgets.${group}`);
    expect(descriptionOf(gadgets)).toBe('upstream revision');
    expect(gadgets.metadata?.annotations?.[CRD_OWNER_ANNOTATION]).toBeUndefined();

    const second = await installCrds(kc, [crd('widgets', 'ours, second')]);
    expect(second).toEqual([{ name: `widgets.${group}`, outcome: 'updated' }]);
    const widgets = await stored(`widgets.${group}`);
    expect(descriptionOf(widgets)).toBe('ours, second');
    expect(widgets.metadata?.annotations?.[CRD_OWNER_ANNOTATION]).toBe('rackpilot');
  });

  it('with writing off, writes nothing and says which CRD is missing', async () => {
    await expect(installCrds(kc, [crd('sprockets', 'ours')], { write: false })).rejects.toThrow(
      `CRD sprockets.${group} is not installed: apply deploy/crds first`,
    );
  });
});
