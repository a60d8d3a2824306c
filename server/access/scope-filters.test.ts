import { describe, expect, it } from 'vitest';
import { EVERY_NAMESPACE, namespaceScope } from './namespace-scope';
import { parseBinding } from './role-bindings';
import { allInScope, itemsInScope, namespacesInScope, objectsInScope } from './scope-filters';

const teamA = namespaceScope([parseBinding('operator@team-a')], 'viewer', () => undefined);
const nobody = namespaceScope([], 'viewer', () => undefined);
const object = (namespace?: string) => ({ metadata: namespace === undefined ? {} : { namespace } });
const objects = [object('team-a'), object('team-b'), object(), object('')];

describe('objectsInScope', () => {
  it.each([
    ['every namespace', EVERY_NAMESPACE, ['team-a', 'team-b', undefined, '']],
    ['team-a', teamA, ['team-a']],
    ['no namespace', nobody, []],
  ] as const)('a caller of %s sees %j', (_name, scope, namespaces) => {
    expect(objectsInScope(scope, objects).map((item) => item.metadata.namespace)).toEqual(namespaces);
  });
});

describe('itemsInScope', () => {
  it.each([
    [EVERY_NAMESPACE, ['a1', 'b1', 'unleased']],
    [teamA, ['a1']],
  ] as const)('reads the namespace the caller says (%#)', (scope, names) => {
    const items = [
      { name: 'a1', at: 'team-a' },
      { name: 'b1', at: 'team-b' },
      { name: 'unleased', at: undefined },
    ];
    expect(itemsInScope(scope, items, (item) => item.at).map((item) => item.name)).toEqual(names);
  });
});

describe('namespacesInScope', () => {
  it.each([
    [EVERY_NAMESPACE, ['team-b', 'team-a'], undefined],
    [teamA, ['team-b', 'team-a', 'other'], ['team-a']],
    [teamA, ['team-b'], []],
    [nobody, ['team-a'], []],
  ] as const)('%#: of %j → %j', (scope, known, namespaces) => {
    expect(namespacesInScope(scope, known)).toEqual(namespaces);
  });
});

describe('allInScope', () => {
  it.each([
    [EVERY_NAMESPACE, [], true],
    [EVERY_NAMESPACE, ['team-b'], true],
    [teamA, ['team-a'], true],
    [teamA, ['team-a', 'team-b'], false],
    [teamA, [''], false],
    [teamA, [], false],
    [nobody, ['team-a'], false],
  ] as const)('%#: %j → %s', (scope, namespaces, expected) => {
    expect(allInScope(scope, namespaces)).toBe(expected);
  });
});
