import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { KubeRequestError } from '../kube/kube-request';
import { callerSafeMessage } from './caller-safe-error';

function unexpected(cause: Error): TRPCError {
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: cause.message, cause });
}

describe('callerSafeMessage', () => {
  it('keeps deliberate messages', () => {
    const lines: string[] = [];
    const error = new TRPCError({ code: 'NOT_FOUND', message: 'SIPCluster a/b does not exist' });
    expect(callerSafeMessage(error, 'x', (line) => lines.push(line))).toBe('SIPCluster a/b does not exist');
    expect(lines).toEqual([]);
  });

  it.each([
    [
      new KubeRequestError('127.0.0.1:6443: connect ECONNREFUSED', 0),
      /^the Kubernetes API server did not answer \(reference [0-9a-f]{8};/,
    ],
    [
      new KubeRequestError(
        '/apis/g/v1/namespaces/a/x/b: b is forbidden',
        403,
        'Forbidden',
        [],
        'b is forbidden',
      ),
      /^the Kubernetes API server refused this: b is forbidden \(reference/,
    ],
    [
      new Error('Invalid `prisma.user.findMany()` invocation in /srv/server/a.ts:3 at 10.0.0.4:5432'),
      /^the server could not complete this request \(reference/,
    ],
  ])('hides the address and path of %s and logs them under the reference', (cause, shown) => {
    const lines: string[] = [];
    const message = callerSafeMessage(unexpected(cause), 'a.b', (line) => lines.push(line));
    expect(message).toMatch(shown);
    expect(message).not.toMatch(/\/apis\/|\/srv\/|\d+\.\d+\.\d+\.\d+|:\d{4}/);
    const reference = /reference ([0-9a-f]{8})/.exec(message)?.[1] ?? '';
    expect(lines).toEqual([`a.b failed (reference ${reference}): ${cause.message}`]);
  });
});
