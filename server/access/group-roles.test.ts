import { describe, expect, it } from 'vitest';
import { bindingsForGroups, groupsFromClaim, parseGroupRoles } from './group-roles';
import { bindingText } from './role-bindings';

describe('parseGroupRoles', () => {
  const texts = (text: string) =>
    [...parseGroupRoles(text)].map(([group, binding]) => [group, bindingText(binding)]);

  it('reads group=role pairs, trimming blanks and keeping case', () => {
    expect(texts(' Fleet-Admins=admin , ops=operator,cn=staff=viewer')).toEqual([
      ['Fleet-Admins', 'admin'],
      ['ops', 'operator'],
      ['cn=staff', 'viewer'],
    ]);
  });

  it('reads scopes after @: namespaces, or a label selector in brackets', () => {
    expect(
      texts('team-a@corp=operator@team-a|team-a-stage,cn=t=viewer@[tenant=a&tier!=prod&!frozen]'),
    ).toEqual([
      ['team-a@corp', 'operator@team-a|team-a-stage'],
      ['cn=t', 'viewer@[tenant=a&tier!=prod&!frozen]'],
    ]);
  });

  it.each([
    ['ops', /not group=role/],
    ['=admin', /not group=role/],
    ['ops=root', /"root" is not a role/],
    ['ops=admin,ops=viewer', /mapped twice/],
    ['ops=admin,', /not group=role/],
    ['ops=operator@Team_A', /"Team_A" is not a namespace name/],
    ['ops=operator@a||b', /"" is not a namespace name/],
    ['ops=operator@[]', /selects no labels/],
    ['ops=operator@[tier=no good]', /not a label requirement/],
  ])('refuses %s', (text, message) => {
    expect(() => parseGroupRoles(text)).toThrow(message);
  });
});

describe('bindingsForGroups', () => {
  const mapping = parseGroupRoles('admins=admin,ops=operator,staff=viewer,team-a=operator@team-a');

  it.each([
    [['staff'], ['viewer']],
    [
      ['team-a', 'staff'],
      ['viewer', 'operator@team-a'],
    ],
    [
      ['admins', 'staff', 'ops'],
      ['admin', 'operator', 'viewer'],
    ],
    [['accounting'], []],
    [[], []],
    [['Admins'], []],
  ])('%j → %j', (groups, bindings) => {
    expect(bindingsForGroups(groups, mapping).map(bindingText)).toEqual(bindings);
  });
});

describe('groupsFromClaim', () => {
  it.each([
    [
      ['a', 'b'],
      ['a', 'b'],
    ],
    ['a', ['a']],
    [['a', 3, null], ['a']],
    [undefined, []],
    [{ a: 1 }, []],
  ])('%j → %j', (claim, groups) => {
    expect(groupsFromClaim(claim)).toEqual(groups);
  });
});
