import { describe, expect, it } from 'vitest';
import { KubeRequestError } from './kube-request';
import { endPass, EndPass, refusalOf } from './reconcile-steps';

describe('refusalOf', () => {
  it.each<[string, unknown, string | undefined]>([
    [
      'a refusal, in the API server’s words',
      new KubeRequestError('POST /api/v1/…: 422', 422, 'Invalid', [], 'provided port is already allocated'),
      'provided port is already allocated',
    ],
    ['a refusal without a message', new KubeRequestError('x', 403), 'the Kubernetes API server answered 403'],
    [
      'a conflict (a stale read)',
      new KubeRequestError('x', 409, 'Conflict', [], 'the object changed'),
      undefined,
    ],
    ['no answer at all', new KubeRequestError('connect ECONNREFUSED', 0), undefined],
    ['any other error', new Error('bad plan'), undefined],
  ])('%s', (_name, error, message) => {
    expect(refusalOf(error)).toBe(message);
  });
});

describe('endPass', () => {
  it('carries the result the pass ends with, and is told apart from any observed state', () => {
    expect(endPass({ requeueAfterMs: 5 })).toEqual(new EndPass({ requeueAfterMs: 5 }));
    expect(endPass().result).toBeUndefined();
    expect({ result: undefined }).not.toBeInstanceOf(EndPass);
  });
});
