import { jsonEncoder } from '@trpc/server/adapters/ws';
import { describe, expect, it } from 'vitest';
import { callerKey, callLimitsSchema, cappedFrames, maxFrameCalls } from './call-limits';

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

describe('the per-caller limits', () => {
  it('keys a user by session, a screen by its session and nobody by address', () => {
    const user = { kind: 'user', userId: 'u', username: 'ann', role: 'viewer', sessionId: 's1' } as const;
    const screen = { kind: 'screen', tokenId: 't', name: 'noc', screenSessionId: 's2' } as const;
    expect(callerKey(user, '10.0.0.1')).toBe('session:s1');
    expect(callerKey(screen, '10.0.0.1')).toBe('screen:s2');
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
});
