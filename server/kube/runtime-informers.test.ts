import { describe, expect, it } from 'vitest';
import { testDeclaration } from '../../tools/testenv/test-declaration';
import type { AnyControllerDeclaration } from './controller-declaration';
import { informedResources } from './runtime-informers';
import { SetupError } from '../setup-error';
import {
  configMapResource,
  deploymentResource,
  jobResource,
  nodeResource,
  podResource,
  secretResource,
} from './resource';

const OWNED = 'app.kubernetes.io/managed-by=rackpilot';

function selectors(declarations: AnyControllerDeclaration[]) {
  return Object.fromEntries(
    informedResources([], declarations).map(({ resource, labelSelector }) => [
      resource.kind,
      labelSelector ?? 'whole',
    ]),
  );
}

const podWatch = (labelSelector?: string) => ({ resource: podResource, labelSelector, map: () => [] });
const podIndex = (labelSelector?: string) => ({
  resource: podResource,
  name: 'by-x',
  values: () => [],
  labelSelector,
});

describe('informedResources', () => {
  it('caches whole what is reconciled, watched or read by the console, and only its own of what is merely owned', () => {
    expect(
      selectors([
        testDeclaration({ owns: [deploymentResource, configMapResource, secretResource] }),
        testDeclaration({ name: 'other', watches: [{ resource: configMapResource, map: () => [] }] }),
      ]),
    ).toEqual({ Node: 'whole', Secret: 'whole', Widget: 'whole', ConfigMap: 'whole', Deployment: OWNED });
  });

  it.each([
    ['a watch and an index with one selector', [podWatch('x'), podIndex('x')], 'x'],
    ['the same selector in two declarations', [podWatch('x'), podWatch('x')], 'x'],
    ['a watch without a selector beside one with', [podWatch('x'), podWatch()], 'whole'],
    ['an index without a selector beside a watch with', [podWatch('x'), podIndex()], 'whole'],
    ['two different selectors (never merged)', [podWatch('x'), podIndex('y')], 'whole'],
  ])('caches a watched kind by the selector every reason names: %s', (_, reasons, expected) => {
    const declarations = reasons.map((reason, at) =>
      'values' in reason
        ? testDeclaration({ name: `d${at}`, indexes: [reason] })
        : testDeclaration({ name: `d${at}`, watches: [reason] }),
    );
    expect(selectors(declarations).Pod).toBe(expected);
  });

  it('caches an owned kind whole when it is also watched by a selector of its own', () => {
    const declarations = [
      testDeclaration({ owns: [podResource] }),
      testDeclaration({ name: 'other', watches: [podWatch('x')] }),
    ];
    expect(selectors(declarations).Pod).toBe('whole');
  });

  it('adds no cache for a read: a read kind is cached for another reason, whole or as that reason names', () => {
    expect(
      selectors([
        testDeclaration({ reads: [nodeResource, deploymentResource] }),
        testDeclaration({ name: 'other', owns: [deploymentResource] }),
      ]),
    ).toEqual({ Node: 'whole', Secret: 'whole', Widget: 'whole', Deployment: OWNED });
  });

  it('refuses a declaration that reads a kind no cache holds, naming the controller and the kind', () => {
    const reader = testDeclaration({ name: 'job-reader', reads: [nodeResource, jobResource] });
    expect(() => informedResources([], [reader])).toThrow(SetupError);
    expect(() => informedResources([], [reader])).toThrow(
      /controller job-reader reads Job, which no cache holds/,
    );
  });
});
