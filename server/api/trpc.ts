import { initTRPC, TRPCError, type ProcedureType } from '@trpc/server';
import { getRuntime, type Runtime } from '../runtime';
import { DatabaseUnavailableError } from '../db/client';
import { allows, type Access, type Principal } from '../access/access-rules';
import { AuditUnavailableError } from '../access/audit-log';
import { log } from '../cli';
import { actingRuntime, apiServerRefusal } from './acting-runtime';
import { auditActionOf, auditInputOf, auditOutcomeOf, auditTargetOf, type AuditNaming } from './audit-fields';
import { callerKey, type CallBudget } from './call-limits';
import { callerSafeMessage } from './caller-safe-error';
import { releasingWhenDone, type SubscriptionBudget } from './subscription-budget';
import type { NamespaceScope } from '../access/namespace-scope';
import { roleOfAccess, scopeOf, scopeRefusal, type NamespaceHandling } from './caller-scope';
import type { ResourceDescriptor } from '../kube/resource';
import { reviewedCall } from './reviewed-scope';
import { runSteps, type Step } from './call-steps';

export interface Context {
  runtime: Runtime;
  /** Who is calling: a signed-in user, a wall screen, or nobody. */
  principal: Principal | null;
  clientIp: string;
  /** Queries and mutations per caller, at once and a second, shared by HTTP and every WebSocket. */
  calls: CallBudget;
  /** Set on a WebSocket's context: the subscriptions that socket may still open. */
  subscriptions?: SubscriptionBudget;
  /** The namespaces the caller may use at the procedure's role; set by `confine` for every call. */
  scope?: NamespaceScope;
}

export interface Meta extends AuditNaming {
  /** The least a caller needs; a procedure without it is refused to everyone (see access-rules.test.ts). */
  access?: Access;
  /** How the procedure meets a caller bound to some namespaces only (caller-scope.ts); unset refuses them. */
  namespaced?: NamespaceHandling;
  /**
   * The kinds it lists: with impersonation on, a user sees them only in the namespaces where the API
   * server lets them list every one of these (reviewed-scope.ts).
   */
  reads?: readonly ResourceDescriptor[];
}

/**
 * What a procedure's handler (`<proc>.handler.ts`) is called with: the caller's context, the input as
 * its schema parsed it, and for a live view the signal that ends it.
 */
export interface HandlerOptions<Input = undefined> {
  ctx: Context;
  input: Input;
  signal?: AbortSignal | undefined;
}

export type ContextSource = Omit<Context, 'runtime'>;

/** What each step of a procedure's chain is given: tRPC's middleware options that the steps read. */
interface Call {
  ctx: Context;
  meta: Meta | undefined;
  type: ProcedureType;
  path: string;
  signal: AbortSignal | undefined;
  getRawInput: () => Promise<unknown>;
}

export function contextFrom(source: ContextSource): Context {
  const runtime = getRuntime();
  if (!runtime) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'server is starting' });
  return { runtime, ...source };
}

// Stack traces only in development: in production they would tell any caller about the server's insides.
const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    isDev: process.env.RACKPILOT_DEV === '1',
    errorFormatter: ({ shape, error, path }) => ({
      ...shape,
      message: callerSafeMessage(error, path, log),
    }),
  });

/** Why a caller may not make a call, or undefined when they may: one rule for authorization and audit. */
function refusalOf(principal: Principal | null, access: Access | undefined): TRPCError | undefined {
  if (!access) return new TRPCError({ code: 'FORBIDDEN', message: 'this call has no access rule' });
  if (!principal) return new TRPCError({ code: 'UNAUTHORIZED', message: 'sign in first' });
  if (!allows(principal, access)) {
    return new TRPCError({ code: 'FORBIDDEN', message: `this needs the ${access} role` });
  }
  return undefined;
}

const authorize: Step<Call> = ({ ctx, meta }, next) => {
  const refusal = refusalOf(ctx.principal, meta?.access);
  if (refusal) throw refusal;
  return next();
};

/**
 * Confines a caller whose roles hold in some namespaces only: the one place that decides, for every
 * procedure, whether such a caller may make the call, and hands the handler the namespaces to filter
 * by. A refused query or live view is recorded as a refused mutation is (the audit middleware records
 * those), within the caller's refused-call limit.
 */
const confine: Step<Call> = async ({ ctx, meta, type, path, getRawInput }, next) => {
  const bound = await scopeOf(ctx.principal, roleOfAccess(meta?.access ?? 'admin'), ctx.runtime.kc);
  const { scope, runtime } = await reviewedCall(ctx.runtime, ctx.principal, meta?.reads, bound);
  const refusal = scope.all ? undefined : scopeRefusal(scope, meta?.namespaced, await getRawInput());
  if (refusal) {
    if (type !== 'mutation') {
      const input = await getRawInput();
      const actor = actorOf(ctx.principal);
      await ctx.runtime.access.audit.record(
        {
          ...actor,
          action: auditActionOf(path, input, meta),
          target: auditTargetOf(input, actor.actor, meta),
          input: auditInputOf(input, meta),
          clientIp: ctx.clientIp,
          ...auditOutcomeOf({ ok: false, error: refusal }),
        },
        actor.actor,
      );
    }
    throw refusal;
  }
  return next({ ctx: { scope, runtime } });
};

const capSubscriptions: Step<Call> = async ({ ctx, type, signal }, next) => {
  if (type !== 'subscription' || !ctx.subscriptions) return next();
  const release = ctx.subscriptions.take();
  if (!release) {
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `at most ${ctx.subscriptions.max} live views may be open on one connection`,
    });
  }
  // A stop aborts the signal at once; the stream itself may only notice at its next message.
  signal?.addEventListener('abort', release, { once: true });
  const result = await next();
  if (!result.ok || !isAsyncIterable(result.data)) {
    release();
    return result;
  }
  return { ...result, data: releasingWhenDone(result.data, release) };
};

/**
 * One caller's queries and mutations run a few at a time and at a bounded pace, over HTTP and the
 * WebSocket alike: a batch or a flood from one user waits its turn instead of taking the API server
 * connections, the event loop and the process's memory from everyone else, and past a short line it
 * is refused with 429.
 */
const limitCalls: Step<Call> = async ({ ctx, type, signal }, next) => {
  if (type === 'subscription') return next();
  const release = await ctx.calls.admit(callerKey(ctx.principal, ctx.clientIp), signal).catch(() => {
    throw new TRPCError({ code: 'CLIENT_CLOSED_REQUEST', message: 'the caller went away while waiting' });
  });
  if (!release) {
    const { concurrency, rate } = ctx.calls.limits;
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `too many calls: ${concurrency.running} run and ${concurrency.waiting} wait per user, ${rate.perSecond} start a second; try again when some have finished`,
    });
  }
  try {
    return await next();
  } finally {
    release();
  }
};

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** Who a call is on record as: the user's name, a wall screen's, or anonymous. */
export function actorOf(principal: Principal | null): { actor: string; role: string | null } {
  if (!principal) return { actor: 'anonymous', role: null };
  return principal.kind === 'user'
    ? { actor: principal.username, role: principal.role }
    : { actor: `screen:${principal.name}`, role: null };
}

/**
 * No change without its audit row: the intent is written before the call runs (and the call refused when
 * it cannot be), the result after. Runs before authorization so refused attempts are on record too; a
 * refused call changes nothing and gets one row, within the refused-call limit of its caller (per
 * address for nobody signed in, per principal for the others).
 */
const audit: Step<Call> = async ({ ctx, meta, type, path, getRawInput }, next) => {
  if (type !== 'mutation') return next();
  // A body too large or not JSON is refused here, before anything runs and before anything is written.
  const input = await getRawInput();
  const actor = actorOf(ctx.principal);
  const intent = {
    ...actor,
    action: auditActionOf(path, input, meta),
    target: auditTargetOf(input, actor.actor, meta),
    input: auditInputOf(input, meta),
    clientIp: ctx.clientIp,
  };
  const auditLog = ctx.runtime.access.audit;
  const refusal = refusalOf(ctx.principal, meta?.access);
  if (refusal) {
    await auditLog.record(
      { ...intent, ...auditOutcomeOf({ ok: false, error: refusal }) },
      ctx.principal ? intent.actor : undefined,
    );
    throw refusal;
  }
  let id: bigint;
  try {
    id = await auditLog.begin(intent);
  } catch (error) {
    if (!(error instanceof AuditUnavailableError)) throw error;
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: 'nothing was changed: the audit log cannot be written; try again shortly',
    });
  }
  const result = await next();
  await auditLog.finish(id, auditOutcomeOf(result));
  return result;
};

/** A database that is busy or too slow is a 503 with its one-line reason, not an internal error. */
const databaseErrors: Step<Call> = async (_call, next) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DatabaseUnavailableError) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: result.error.cause.message });
  }
  return result;
};

/**
 * Times each query and mutation on the server (rackpilot_trpc_call_duration_seconds), so a slow answer
 * can be split into the server's work and the caller's wait for it. Labels are bounded: procedures are
 * the router's, results tRPC's error codes; a live view's lifetime is not a call and is not timed.
 */
const timeCalls: Step<Call> = async ({ ctx, type, path }, next) => {
  if (type === 'subscription') return next();
  const started = performance.now();
  const result = await next();
  ctx.runtime.metrics.calls.observe(
    { procedure: path, type, result: result.ok ? 'ok' : result.error.code },
    (performance.now() - started) / 1000,
  );
  return result;
};

/**
 * With impersonation on, a mutation runs with a runtime whose `kc` acts as the caller (acting-runtime.ts),
 * and the API server's refusal of that user reaches them in the API server's words, as a refusal.
 */
const actAsCaller: Step<Call> = async ({ ctx, type }, next) => {
  if (type !== 'mutation' || !ctx.runtime.impersonate) return next();
  const result = await next({ ctx: { runtime: actingRuntime(ctx.runtime, ctx.principal) } });
  const refusal = result.ok ? undefined : apiServerRefusal(result.error);
  if (refusal) throw refusal;
  return result;
};

export const router = t.router;
export const middleware = t.middleware;
const steps: readonly Step<Call>[] = [
  timeCalls,
  limitCalls,
  databaseErrors,
  audit,
  authorize,
  confine,
  actAsCaller,
  capSubscriptions,
];
// One `.use` for the whole chain: tRPC copies a call's options and context at every `.use`, and eight
// levels of those copies were the largest share of the garbage a call leaves (docs/decisions.md).
const authorized = t.procedure.use(async ({ ctx, meta, type, path, signal, getRawInput, next }) => {
  const result = await runSteps(steps, { ctx, meta, type, path, signal, getRawInput }, (final) =>
    final === ctx ? next() : next({ ctx: final }),
  );
  if (!result.ok) throw result.error;
  // An ok result is the one tRPC's `next` returned (capSubscriptions may wrap its data).
  return result as Awaited<ReturnType<typeof next>>;
});

/** Read-only views of the fleet for any signed-in user. */
export const viewerProcedure = authorized.meta({ access: 'viewer' });
/** Changes to tenant clusters, provisioning, Ironic, Contrail, Placement, power. */
export const operatorProcedure = authorized.meta({ access: 'operator' });
/** Users, screen tokens, settings, revealing credentials. */
export const adminProcedure = authorized.meta({ access: 'admin' });
/** The status wall's data: any signed-in user or a wall screen token. */
export const wallProcedure = authorized.meta({ access: 'wall' });
