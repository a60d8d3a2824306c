import { jsonEncoder } from '@trpc/server/adapters/ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  batchOverCapAnswer,
  CallBudget,
  callerKey,
  callLimitsSchema,
  callRateSchema,
  cappedFrames,
  httpBatchCalls,
  maxFrameCalls,
} from './call-limits';

describe('cappedFrames', () => {
  const encoder = cappedFrames(jsonEncoder, 2);
  const call = (id: number) => ({ id, method: 'query', params: { path: 'placement.namespaces' } });

  it('passes single messages and batches up to the cap', () => {
    expect(encoder.decode(JSON.stringify(call(1)))).toEqual(call(1));
    expect(encoder.decode(JSON.stringify([call(1), call(2)]))).toEqual([call(1), call(2)]);
  });

  it('refuses a larger batch whole, saying why', () => {
    expect(() => encoder.decode(JSON.stringify([call(1), call(2), call(3)]))).toThrow(
      'at most 2 calls may be sent in one message; this one had 3',
    );
  });
});

describe('httpBatchCalls', () => {
  const prefix = '/api/trpc/';

  it('counts the calls in the path, not the commas of the input in the query', () => {
    expect(httpBatchCalls('/api/trpc/hosts.page?input={"a":1,"b":2}', prefix)).toBe(1);
    expect(httpBatchCalls('/api/trpc/a,b,c?batch=1&input={"0":{"x":1,"y":2}}', prefix)).toBe(3);
    expect(httpBatchCalls('/api/trpc/a,b', prefix)).toBe(2);
  });

  it('counts percent-encoded commas as tRPC decodes them', () => {
    expect(httpBatchCalls('/api/trpc/a%2Cb%2cc,d?batch=1', prefix)).toBe(4);
  });

  it('counts nothing outside the prefix', () => {
    expect(httpBatchCalls('/api/healthz?a,b', prefix)).toBe(0);
  });
});

describe('batchOverCapAnswer', () => {
  it('is the error tRPC writes for a request it refuses whole', () => {
    expect(batchOverCapAnswer(250, 32)).toEqual({
      error: {
        message: 'at most 32 calls may be sent in one request; this one had 250',
        code: -32600,
        data: { code: 'BAD_REQUEST', httpStatus: 400 },
      },
    });
  });
});

describe('the per-caller limits', () => {
  it('keys a user by account (every session alike), a screen by its token and nobody by address', () => {
    const user = {
      kind: 'user',
      userId: 'u',
      username: 'ann',
      role: 'viewer',
      bindings: [],
      sessionId: 's1',
    } as const;
    const screen = { kind: 'screen', tokenId: 't', name: 'noc', screenSessionId: 's2' } as const;
    expect(callerKey(user, '10.0.0.1')).toBe('user:u');
    expect(callerKey({ ...user, sessionId: 's3' }, '10.0.0.2')).toBe('user:u');
    expect(callerKey(screen, '10.0.0.1')).toBe('screen:t');
    expect(callerKey(null, '10.0.0.1')).toBe('address:10.0.0.1');
  });

  it('lets a socket resend all its subscriptions in one message', () => {
    expect(maxFrameCalls(32)).toBe(64);
    expect(maxFrameCalls(4)).toBe(32);
  });

  it('reads running:waiting', () => {
    expect(callLimitsSchema.parse('8:24')).toEqual({ running: 8, waiting: 24 });
    expect(callLimitsSchema.safeParse('0:24').success).toBe(false);
  });

  it('reads calls a second:burst', () => {
    expect(callRateSchema.parse('20:64')).toEqual({ perSecond: 20, burst: 64 });
    expect(callRateSchema.safeParse('20:0').success).toBe(false);
    expect(callRateSchema.safeParse('0.5:4').success).toBe(false);
  });
});

describe('CallBudget', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const budget = () =>
    new CallBudget({ concurrency: { running: 1, waiting: 1 }, rate: { perSecond: 1000, burst: 1 } });

  it('admits a call, lines up the next and refuses past the line', async () => {
    const calls = budget();
    const first = await calls.admit('a');
    const second = calls.admit('a');
    expect(await calls.admit('a')).toBeUndefined();
    first?.();
    const secondRelease = await second;
    expect(secondRelease).toBeTypeOf('function');
    secondRelease?.();
    expect(calls.size.inFlight).toBe(0);
  });

  it('answers a refusal only once the caller’s pace would let a call through, within a second', async () => {
    vi.useFakeTimers();
    const calls = new CallBudget({
      concurrency: { running: 1, waiting: 0 },
      rate: { perSecond: 4, burst: 1 },
    });
    const release = await calls.admit('a');
    let refused = false;
    const refusal = calls.admit('a').then((answer) => {
      refused = answer === undefined;
    });
    await vi.advanceTimersByTimeAsync(249);
    expect(refused).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await refusal;
    expect(refused).toBe(true);
    release?.();
  });

  it('answers refusals of whole requests at the caller’s pace, never more than a second behind', async () => {
    vi.useFakeTimers();
    const calls = new CallBudget({
      concurrency: { running: 1, waiting: 0 },
      rate: { perSecond: 4, burst: 1 },
    });
    const answeredAt: number[] = [];
    const start = Date.now();
    const refusals = Array.from({ length: 8 }, () =>
      calls.refusalPause('a').then(() => answeredAt.push(Date.now() - start)),
    );
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all(refusals);
    // One at once, then one per 250 ms of the pace; once the pace is a second behind, no place is
    // taken and the refusal waits the most, a second.
    expect(answeredAt).toEqual([0, 250, 500, 750, 1000, 1000, 1000, 1000]);
    // The pace is the caller's own: another caller's refusal is answered at once.
    let otherAnswered = false;
    const other = calls.refusalPause('b').then(() => (otherAnswered = true));
    await vi.advanceTimersByTimeAsync(0);
    await other;
    expect(otherAnswered).toBe(true);
  });

  it('gives the place back when the caller goes away while paced', async () => {
    const calls = new CallBudget({
      concurrency: { running: 1, waiting: 0 },
      rate: { perSecond: 1, burst: 1 },
    });
    (await calls.admit('a'))?.();
    const controller = new AbortController();
    const paced = calls.admit('a', controller.signal);
    controller.abort(new Error('gone'));
    await expect(paced).rejects.toThrow();
    expect(calls.size.inFlight).toBe(0);
  });
});
