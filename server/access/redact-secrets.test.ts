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
