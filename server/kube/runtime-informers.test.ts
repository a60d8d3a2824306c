import { describe, expect, it } from 'vitest';
import { testDeclaration } from '../../tools/testenv/test-declaration';
import { informedResources } from './runtime-informers';
import { configMapResource, deploymentResource, secretResource } from './resource';

describe('informedResources', () => {
  it('caches whole what is reconciled, watched or read by the console, and only its own of what is merely owned', () => {
    const wanted = informedResources(
      [],
      [
        testDeclaration({ owns: [deploymentResource, configMapResource, secretResource] }),
        testDeclaration({ name: 'other', watches: [{ resource: configMapResource, map: () => [] }] }),
      ],
    );
    expect(Object.fromEntries(wanted.map(({ resource, ownOnly }) => [resource.kind, ownOnly]))).toEqual({
      Node: false,
      Secret: false,
      Widget: false,
      ConfigMap: false,
      Deployment: true,
    });
  });
});
