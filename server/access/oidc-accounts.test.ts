import { describe, expect, it } from 'vitest';
import { usernameFrom } from './oidc-accounts';

describe('usernameFrom', () => {
  it.each([
    ['olga', 'olga'],
    ['Olga.Berg@Example.com', 'olga.berg-example.com'],
    ['  -_Ada Lovelace', 'ada-lovelace'],
    ['Łukasz', 'ukasz'],
    ['x', 'user-x'],
    ['***', 'user-'],
    ['a'.repeat(80), 'a'.repeat(63)],
  ])('%s → %s', (name, username) => {
    expect(usernameFrom(name)).toBe(username);
  });

  it('yields only names the console’s username rule accepts, when long enough', () => {
    for (const name of ['Olga.Berg@Example.com', 'Ada Lovelace', 'a'.repeat(80), 'CN=Ops,OU=Fleet']) {
      expect(usernameFrom(name)).toMatch(/^[a-z0-9][a-z0-9._-]{1,62}$/);
    }
  });
});
