import { getTRPCErrorFromUnknown, type TRPCError } from '@trpc/server';

/** What the rest of a chain answered, as a tRPC middleware sees its `next()`: never a throw. */
export type StepResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };

/**
 * One step of a procedure's chain: tRPC's middleware contract (call `next`, maybe with context to add,
 * and return or inspect its result) without tRPC's copy of every option at each level.
 */
export type Step<Call extends { ctx: object }> = (
  call: Call,
  next: (opts?: { ctx?: Partial<Call['ctx']> }) => Promise<StepResult>,
) => Promise<StepResult>;

/**
 * Runs `steps` in order and then `last` (the procedure itself) with the context they left, as tRPC
 * runs the same functions given one `.use` each: each step sees the result of those after it, a step's
 * throw reaches the steps before it as an error result, and context a step adds reaches every later one.
 * Under one `.use` a call allocates one context per step that adds some instead of tRPC's copies of its
 * options and context at every level, which were the largest part of a call's garbage.
 */
export function runSteps<Call extends { ctx: object }>(
  steps: readonly Step<Call>[],
  call: Call,
  last: (ctx: Call['ctx']) => Promise<StepResult>,
): Promise<StepResult> {
  const at = async (index: number, current: Call): Promise<StepResult> => {
    const step = steps[index];
    if (!step) return last(current.ctx);
    try {
      return await step(current, (opts) =>
        at(index + 1, opts?.ctx ? { ...current, ctx: { ...current.ctx, ...opts.ctx } } : current),
      );
    } catch (cause) {
      return { ok: false, error: getTRPCErrorFromUnknown(cause) };
    }
  };
  return at(0, call);
}
