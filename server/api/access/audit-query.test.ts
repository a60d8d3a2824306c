import { describe, expect, it } from 'vitest';
import { auditScopeWhere } from './audit-query';

describe('auditScopeWhere', () => {
  it.each([
    [undefined, {}],
    [['team-a'], { OR: [{ target: { startsWith: 'team-a/' } }] }],
    [
      ['team-a', 'team-a-dev'],
      { OR: [{ target: { startsWith: 'team-a/' } }, { target: { startsWith: 'team-a-dev/' } }] },
    ],
  ] as const)('%j → %j', (namespaces, where) => {
    expect(auditScopeWhere(namespaces)).toEqual(where);
  });
});
