import { describe, expect, it } from 'vitest';
import { EVERY_NAMESPACE, namespaceScope } from '../access/namespace-scope';
import { parseBinding } from '../access/role-bindings';
import { namespacesOfInput, scopeRefusal, type NamespaceHandling } from './caller-scope';

const teamA = namespaceScope([parseBinding('operator@team-a')], 'operator', () => undefined);

describe('scopeRefusal', () => {
  it.each<[NamespaceHandling | undefined, unknown, string | undefined]>([
    ['input', { namespace: 'team-a', name: 'h1' }, undefined],
    ['input', { namespace: 'team-b', name: 'h1' }, "the namespace team-b is outside your role's namespaces"],
    ['input', { name: 'h1' }, 'this needs a role in every namespace'],
    ['input', undefined, 'this needs a role in every namespace'],
    ['filtered', { search: 'x' }, undefined],
    ['none', undefined, undefined],
    [undefined, { namespace: 'team-a' }, 'this needs a role in every namespace'],
  ])('%s with %j → %s', (handling, input, message) => {
    const refusal = scopeRefusal(teamA, handling, input);
    expect(refusal?.message).toBe(message);
    if (refusal) expect(refusal.code).toBe('FORBIDDEN');
  });

  it('lets a caller of every namespace make any call', () => {
    expect(scopeRefusal(EVERY_NAMESPACE, undefined, { namespace: 'team-b' })).toBeUndefined();
  });

  it('reads only a string namespace', () => {
    expect(namespacesOfInput({ namespace: 3 })).toBeUndefined();
    expect(namespacesOfInput({ namespace: 'a' })).toEqual(['a']);
  });
});
