import { describe, expect, it } from 'vitest';
import { groupsFromClaim, parseGroupRoles, roleForGroups } from './group-roles';

describe('parseGroupRoles', () => {
  it('reads group=role pairs, trimming blanks and keeping case', () => {
    expect([...parseGroupRoles(' Fleet-Admins=admin , ops=operator,cn=staff=viewer')]).toEqual([
      ['Fleet-Admins', 'admin'],
      ['ops', 'operator'],
      ['cn=staff', 'viewer'],
    ]);
  });

  it.each([
    ['ops', /not group=role/],
    ['=admin', /not group=role/],
    ['ops=root', /"root" is not a role/],
    ['ops=admin,ops=viewer', /mapped twice/],
    ['ops=admin,', /not group=role/],
  ])('refuses %s', (text, message) => {
    expect(() => parseGroupRoles(text)).toThrow(message);
  });
});

describe('roleForGroups', () => {
  const mapping = parseGroupRoles('admins=admin,ops=operator,staff=viewer');

  it.each([
    [['staff'], 'viewer'],
    [['staff', 'ops'], 'operator'],
    [['admins', 'staff', 'ops'], 'admin'],
    [['ops', 'admins'], 'admin'],
    [['accounting'], null],
    [[], null],
    [['Admins'], null],
  ])('%j → %s', (groups, role) => {
    expect(roleForGroups(groups, mapping)).toBe(role);
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
