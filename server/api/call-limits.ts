import { TRPCError } from '@trpc/server';
import type { Encoder } from '@trpc/server/adapters/ws';
import { z } from 'zod';
import type { Principal } from '../access/access-rules';
import { KeyedConcurrency, type ConcurrencyLimits } from '../lib/keyed-concurrency';
import { MAX_BATCH_CALLS } from '../schemas/batch-limit';
import { sharedViewFrames } from './shared-view-frames';

/** A whole console batch is admitted at once: 8 run, the rest wait. */
export const DEFAULT_CALL_LIMITS: ConcurrencyLimits = { running: 8, waiting: MAX_BATCH_CALLS - 8 };

/** RACKPILOT_CALLS_PER_CALLER: `<running at once>:<waiting>`. */
export const callLimitsSchema = z
  .string()
  .regex(/^[1-9]\d{0,5}:\d{1,6}$/, 'must look like 8:24 (calls running at once:calls waiting)')
  .transform((value): ConcurrencyLimits => {
    const [running, waiting] = value.split(':').map(Number);
    return { running: running ?? 1, waiting: waiting ?? 0 };
  });

/**
 * Whose calls share one limit: a session (every tab and socket of one sign-in), a wall screen's
 * session, or for nobody signed in the client address.
 */
export function callerKey(principal: Principal | null, clientIp: string): string {
  if (!principal) return `address:${clientIp}`;
  return principal.kind === 'user' ? `session:${principal.sessionId}` : `screen:${principal.screenSessionId}`;
}

/**
 * Messages in one WebSocket frame. The browser's client sends every open subscription in one frame
 * when it reconnects, and a page change may stop and start as many in the same frame.
 */
export function maxFrameCalls(subscriptionsPerSocket: number): number {
  return Math.max(MAX_BATCH_CALLS, 2 * subscriptionsPerSocket);
}

/**
 * The tRPC WebSocket adapter has no batch limit of its own: a frame holding more than `max` messages
 * is refused as a whole (the adapter answers a 400-class PARSE_ERROR with this message) before any
 * of its calls runs.
 */
export function cappedFrames(encoder: Encoder, max: number): Encoder {
  return {
    encode: (message) => encoder.encode(message),
    decode(frame) {
      const message = encoder.decode(frame);
      if (Array.isArray(message) && message.length > max) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: `at most ${max} calls may be sent in one message; this one had ${message.length}`,
        });
      }
      return message;
    },
  };
}

/** The per-caller limit shared by both tRPC handlers and the batch bound of each, built once at start. */
export function trpcCallLimits({
  callsPerCaller,
  subscriptionsPerSocket,
}: {
  callsPerCaller: ConcurrencyLimits;
  subscriptionsPerSocket: number;
}) {
  return {
    calls: new KeyedConcurrency(callsPerCaller),
    maxBatchSize: MAX_BATCH_CALLS,
    socketEncoder: cappedFrames(sharedViewFrames, maxFrameCalls(subscriptionsPerSocket)),
  };
}
