import { initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { runSteps, type Step, type StepResult } from './call-steps';

interface Ctx {
  who: string;
  added?: string;
}
interface Call {
  ctx: Ctx;
}

/** Steps that log what they saw, in the order they saw it; `throws` makes the named one throw. */
function loggingSteps(log: string[], throws?: { at: string; error: unknown }): Step<Call>[] {
  const step =
    (name: string, add?: string): Step<Call> =>
    async ({ ctx }, next) => {
      log.push(`${name} sees ${ctx.added ?? '-'}`);
      if (throws?.at === name) throw throws.error;
      const result = await next(add ? { ctx: { added: add } } : undefined);
      log.push(`${name} got ${result.ok ? 'ok' : result.error.code}`);
      return result;
    };
  return [step('outer'), step('adds', 'scope'), step('inner')];
}

const answer = (log: string[]) => (ctx: Ctx) => {
  log.push(`last sees ${ctx.who} ${ctx.added ?? '-'}`);
  return Promise.resolve<StepResult>({ ok: true, data: 42 });
};

/** The same steps given one `.use` each, as tRPC runs them: what runSteps must match. */
async function throughTrpc(steps: Step<Call>[], log: string[]): Promise<StepResult> {
  const t = initTRPC.context<Ctx>().create();
  let procedure = t.procedure;
  for (const step of steps) {
    procedure = procedure.use(
      ({ ctx, next }) => step({ ctx }, (opts) => (opts ? next(opts) : next())) as ReturnType<typeof next>,
    );
  }
  const caller = t
    .router({ run: procedure.query(({ ctx }) => answer(log)(ctx).then(() => 42)) })
    .createCaller({
      who: 'viewer',
    });
  return caller.run().then(
    (data) => ({ ok: true, data }),
    (error: unknown) => {
      if (!(error instanceof TRPCError)) throw error;
      return { ok: false, error };
    },
  );
}

describe('runSteps', () => {
  it('runs the steps in order around the procedure, each seeing the context the ones before it added', async () => {
    const log: string[] = [];
    const result = await runSteps(loggingSteps(log), { ctx: { who: 'viewer' } }, answer(log));
    expect(result).toEqual({ ok: true, data: 42 });
    expect(log).toEqual([
      'outer sees -',
      'adds sees -',
      'inner sees scope',
      'last sees viewer scope',
      'inner got ok',
      'adds got ok',
      'outer got ok',
    ]);
  });

  it('hands a step’s throw to the steps before it as an error result, and to the caller', async () => {
    const log: string[] = [];
    const refusal = new TRPCError({ code: 'FORBIDDEN', message: 'no' });
    const result = await runSteps(
      loggingSteps(log, { at: 'inner', error: refusal }),
      { ctx: { who: 'viewer' } },
      answer(log),
    );
    expect(result).toEqual({ ok: false, error: refusal });
    expect(log).toEqual([
      'outer sees -',
      'adds sees -',
      'inner sees scope',
      'adds got FORBIDDEN',
      'outer got FORBIDDEN',
    ]);
  });

  it('turns a throw that is not a TRPCError into an internal error keeping its cause', async () => {
    const cause = new Error('database gone');
    const result = await runSteps(
      loggingSteps([], { at: 'adds', error: cause }),
      { ctx: { who: 'viewer' } },
      answer([]),
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('INTERNAL_SERVER_ERROR');
    expect(!result.ok && result.error.cause).toBe(cause);
  });

  it('gives every step and the procedure what tRPC gives them with one `.use` per step', async () => {
    for (const throws of [
      undefined,
      { at: 'inner', error: new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'wait' }) },
      { at: 'outer', error: new Error('broken') },
    ]) {
      const ours: string[] = [];
      const theirs: string[] = [];
      const result = await runSteps(loggingSteps(ours, throws), { ctx: { who: 'viewer' } }, answer(ours));
      const trpcResult = await throughTrpc(loggingSteps(theirs, throws), theirs);
      expect(ours).toEqual(theirs);
      expect(result.ok).toBe(trpcResult.ok);
      if (!result.ok && !trpcResult.ok) expect(result.error.code).toBe(trpcResult.error.code);
    }
  });
});
