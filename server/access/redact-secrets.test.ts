import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from './redact-secrets';

describe('redactSecrets', () => {
  it.each([
    { input: { password: 'hunter2hunter2' }, output: { password: REDACTED } },
    {
      input: { newPassword: 'x', currentPassword: 'y' },
      output: { newPassword: REDACTED, currentPassword: REDACTED },
    },
    { input: { bmc: { username: 'admin', password: 'p' } }, output: { bmc: REDACTED } },
    { input: { token: 'abc', name: 'lobby tv' }, output: { token: REDACTED, name: 'lobby tv' } },
    {
      input: { spec: { tls: { privateKey: '-----BEGIN', certificate: 'x' }, ipAddress: '10.0.0.1' } },
      output: { spec: { tls: { privateKey: REDACTED, certificate: REDACTED }, ipAddress: '10.0.0.1' } },
    },
    { input: { credentialsRef: '' }, output: { credentialsRef: '' } },
    { input: [{ secret: 's' }, 'plain'], output: [{ secret: REDACTED }, 'plain'] },
    {
      input: { namespace: 'lab', name: 'c1', replicas: 3, on: true },
      output: { namespace: 'lab', name: 'c1', replicas: 3, on: true },
    },
  ])('redacts $input', ({ input, output }) => {
    expect(redactSecrets(input)).toEqual(output);
  });

  it('cuts long strings and deep nesting', () => {
    expect(redactSecrets({ note: 'x'.repeat(500) })).toEqual({ note: `${'x'.repeat(200)}… (500 chars)` });
    expect(redactSecrets({ a: { b: { c: { d: { e: { f: { g: 1 } } } } } } })).toEqual({
      a: { b: { c: { d: { e: { f: '[nested]' } } } } },
    });
  });

  it('cuts long keys, long arrays and objects with many keys, saying how much went', () => {
    expect(redactSecrets({ ['k'.repeat(300)]: 1 })).toEqual({ [`${'k'.repeat(200)}… (300 chars)`]: 1 });
    const list = redactSecrets({ list: Array.from({ length: 1000 }, (_, i) => i) }) as { list: unknown[] };
    expect(list.list).toHaveLength(51);
    expect(list.list.at(-1)).toBe('… (950 more items)');
    const wide = redactSecrets(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i])));
    expect(Object.keys(wide as object)).toHaveLength(51);
    expect((wide as Record<string, unknown>)['…']).toBe('10 more keys');
  });

  it('never returns a secret value anywhere in the output', () => {
    const out = JSON.stringify(
      redactSecrets({
        users: [{ username: 'ana', password: 'S3cret-value!' }],
        sshPrivateKey: 'S3cret-value!',
      }),
    );
    expect(out).not.toContain('S3cret-value!');
  });
});
