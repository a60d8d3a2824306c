import { describe, expect, it } from 'vitest';
import {
  bindingsToStore,
  bindingText,
  everyBindingGlobal,
  highestRole,
  parseBinding,
  storedBindings,
} from './role-bindings';

describe('parseBinding', () => {
  it.each([
    ['admin', { role: 'admin', scope: { kind: 'all' } }],
    ['operator@b|a|b', { role: 'operator', scope: { kind: 'namespaces', names: ['a', 'b'] } }],
    [
      'viewer@[example.com/tenant=a & tier!=prod & gpu & !frozen]',
      {
        role: 'viewer',
        scope: {
          kind: 'selector',
          requirements: [
            { key: 'example.com/tenant', op: '=', value: 'a' },
            { key: 'tier', op: '!=', value: 'prod' },
            { key: 'gpu', op: 'exists' },
            { key: 'frozen', op: '!exists' },
          ],
        },
      },
    ],
  ])('%s', (text, binding) => {
    expect(parseBinding(text)).toEqual(binding);
  });

  it.each(['root', 'operator@', 'operator@-a', 'viewer@[=a]'])('refuses %s', (text) => {
    expect(() => parseBinding(text)).toThrow();
  });

  it('writes back what it read', () => {
    for (const text of ['admin', 'operator@a|b', 'viewer@[t=a&x!=y&g&!f]']) {
      expect(bindingText(parseBinding(text))).toBe(text);
    }
  });
});

describe('bindings as the users table keeps them', () => {
  it('NULL is the role everywhere; text that does not parse grants nothing', () => {
    expect(storedBindings('operator', null)).toEqual([parseBinding('operator')]);
    expect(storedBindings('operator', ['viewer@a'])).toEqual([parseBinding('viewer@a')]);
    expect(storedBindings('operator', ['viewer@A'])).toEqual([]);
    expect(storedBindings('operator', 'viewer')).toEqual([]);
  });

  it('stores NULL for one global binding, else the texts with their highest role', () => {
    expect(bindingsToStore([parseBinding('admin')])).toEqual({ role: 'admin', bindings: null });
    expect(bindingsToStore(['viewer', 'operator@a'].map(parseBinding))).toEqual({
      role: 'operator',
      bindings: ['viewer', 'operator@a'],
    });
    expect(() => bindingsToStore([])).toThrow(/at least one/);
  });

  it('knows the highest role and whether every binding is global', () => {
    const bindings = ['viewer', 'admin@a'].map(parseBinding);
    expect(highestRole(bindings)).toBe('admin');
    expect(highestRole([])).toBeNull();
    expect(everyBindingGlobal(bindings)).toBe(false);
    expect(everyBindingGlobal([parseBinding('viewer')])).toBe(true);
  });
});
