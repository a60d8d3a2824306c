import { describe, expect, it } from 'vitest';
import { namespaceScope, type NamespaceLabelsOf } from './namespace-scope';
import { parseBinding } from './role-bindings';

const labels: Record<string, Record<string, string>> = {
  'team-a': { tenant: 'a' },
  'team-a-prod': { tenant: 'a', tier: 'prod' },
  'team-b': { tenant: 'b' },
};
const labelsOf: NamespaceLabelsOf = (namespace) => labels[namespace];

function allowed(texts: string[], needed: 'viewer' | 'operator' | 'admin'): string[] | 'all' {
  const scope = namespaceScope(texts.map(parseBinding), needed, labelsOf);
  if (scope.all) return 'all';
  return [...Object.keys(labels), 'unlabelled'].filter(scope.allows);
}

describe('namespaceScope', () => {
  it.each([
    [['operator'], 'operator', 'all'],
    [['operator'], 'admin', []],
    [['viewer', 'operator@team-b'], 'viewer', 'all'],
    [['viewer', 'operator@team-b'], 'operator', ['team-b']],
    [['operator@team-a|unlabelled'], 'viewer', ['team-a', 'unlabelled']],
    [['operator@[tenant=a]'], 'operator', ['team-a', 'team-a-prod']],
    [['operator@[tenant=a&tier!=prod]'], 'operator', ['team-a']],
    [['operator@[tier]'], 'operator', ['team-a-prod']],
    [['operator@[!tier]'], 'operator', ['team-a', 'team-b']],
    [['viewer@[tenant=b]', 'operator@team-a'], 'viewer', ['team-a', 'team-b']],
    [['viewer@[tenant=b]', 'operator@team-a'], 'operator', ['team-a']],
    [[], 'viewer', []],
  ] as const)('%j needing %s → %j', (texts, needed, namespaces) => {
    expect(allowed([...texts], needed)).toEqual(namespaces);
  });

  it('names equal scopes alike and different ones apart', () => {
    const key = (texts: string[]) => namespaceScope(texts.map(parseBinding), 'viewer', labelsOf).key;
    expect(key(['viewer@b|a'])).toBe(key(['operator@a', 'viewer@b']));
    expect(key(['viewer@a'])).not.toBe(key(['viewer@b']));
    expect(key(['viewer@[tenant=a]'])).not.toBe(key(['viewer@a']));
    expect(key(['viewer'])).toBe('all');
  });
});
