import { TRPCError } from '@trpc/server';
import type { Encoder } from '@trpc/server/adapters/ws';
import { z } from 'zod';
import type { Principal } from '../access/access-rules';
import { abortableSleep } from '../lib/abortable-sleep';
import { KeyedConcurrency, type ConcurrencyLimits } from '../lib/keyed-concurrency';
import { KeyedRate, rateSettingSchema, type RateLimits } from '../lib/keyed-rate';
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
 * A console page's first batch runs at once; past it one caller is paced to a rate far above what a
 * person clicking produces, and far below what a script looping on costly reads asks for.
 */
export const DEFAULT_CALL_RATE: RateLimits = { perSecond: 20, burst: 64 };

/** RACKPILOT_CALL_RATE_PER_CALLER: `<calls a second>:<burst>`. */
export const callRateSchema = rateSettingSchema('20:64', 'calls');

/**
 * Whose calls share one budget: a user (every session, tab and socket of theirs, so signing in again
 * gains nothing), a wall screen's token, or for nobody signed in the client address.
 */
export function callerKey(principal: Principal | null, clientIp: string): string {
  if (!principal) return `address:${clientIp}`;
  return principal.kind === 'user' ? `user:${principal.userId}` : `screen:${principal.tokenId}`;
}

/** A refused caller hears so after this long at most, so a loop on refusals cannot spin. */
const MAX_REFUSAL_PAUSE_MS = 1000;

/**
 * One caller's queries and mutations: a few run at once with a short line waiting, and they start
 * no faster than the caller's pace. A call holds its place in the line while it waits for its turn in
 * the pace, so a flood fills the line and the rest is refused; a refusal is answered only once the
 * caller's pace would have let a call through (at most a second), so refusals cost the server what
 * the pace allows and no more.
 */
export class CallBudget {
  private readonly concurrency: KeyedConcurrency;
  private readonly rate: KeyedRate;

  constructor(readonly limits: { concurrency: ConcurrencyLimits; rate: RateLimits }) {
    this.concurrency = new KeyedConcurrency(limits.concurrency);
    this.rate = new KeyedRate(limits.rate);
  }

  /** Callers with calls in flight, and callers still paced: both bounded. */
  get size(): { inFlight: number; paced: number } {
    return { inFlight: this.concurrency.size, paced: this.rate.size };
  }

  /**
   * A release to call once the call is done, when it may run; undefined when the caller's line is
   * full. Rejects when the signal aborts while the call waits.
   */
  async admit(key: string, signal?: AbortSignal): Promise<(() => void) | undefined> {
    const release = await this.concurrency.acquire(key, signal);
    if (!release) {
      await abortableSleep(Math.min(this.rate.waitFor(key), MAX_REFUSAL_PAUSE_MS), signal);
      return undefined;
    }
    const wait = this.rate.reserve(key);
    if (wait > 0) {
      try {
        await abortableSleep(wait, signal);
      } catch (error) {
        release();
        throw error;
      }
    }
    return release;
  }

  /**
   * The pause before a request refused whole (a batch over the cap) is answered: it takes a place in
   * the caller's pace while the pace is less than a second behind, and is answered when that place
   * comes (at most a second), so a loop resending it at once is held to the caller's pace.
   */
  async refusalPause(key: string, signal?: AbortSignal): Promise<void> {
    const behind = this.rate.waitFor(key);
    const wait = behind < MAX_REFUSAL_PAUSE_MS ? this.rate.reserve(key) : behind;
    await abortableSleep(Math.min(wait, MAX_REFUSAL_PAUSE_MS), signal);
  }
}

/**
 * Calls named in the path of a tRPC request over HTTP (`<prefix>a,b,c?batch=1&input=…`, as the request
 * line has it): the path's commas, plain or percent-encoded, counted without decoding or splitting a
 * URL that may be kilobytes long. 0 for a request outside `prefix`.
 */
export function httpBatchCalls(requestUrl: string, prefix: string): number {
  if (!requestUrl.startsWith(prefix)) return 0;
  const query = requestUrl.indexOf('?');
  const end = query === -1 ? requestUrl.length : query;
  let calls = 1;
  for (const comma of [',', '%2C', '%2c']) {
    for (
      let at = requestUrl.indexOf(comma, prefix.length);
      at !== -1 && at < end;
      at = requestUrl.indexOf(comma, at + 1)
    ) {
      calls++;
    }
  }
  return calls;
}

/** tRPC's answer to a request it refuses whole as malformed (code -32600, BAD_REQUEST), as its adapter writes it. */
export function batchOverCapAnswer(calls: number, max: number) {
  return {
    error: {
      message: `at most ${max} calls may be sent in one request; this one had ${calls}`,
      code: -32600,
      data: { code: 'BAD_REQUEST', httpStatus: 400 },
    },
  };
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

/** The per-caller budget shared by both tRPC handlers and the batch bound of each, built once at start. */
export function trpcCallLimits({
  callsPerCaller,
  callRatePerCaller,
  subscriptionsPerSocket,
}: {
  callsPerCaller: ConcurrencyLimits;
  callRatePerCaller: RateLimits;
  subscriptionsPerSocket: number;
}) {
  return {
    calls: new CallBudget({ concurrency: callsPerCaller, rate: callRatePerCaller }),
    maxBatchSize: MAX_BATCH_CALLS,
    socketEncoder: cappedFrames(sharedViewFrames, maxFrameCalls(subscriptionsPerSocket)),
  };
}
