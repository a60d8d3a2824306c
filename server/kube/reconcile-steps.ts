/**
 * The one shape of every controller's reconcile, as controller-runtime's reconcilers are written:
 * observe (caches, GETs, claims) → plan (the controller's pure planner, timed) → apply (the plan's own
 * writes, then owned objects, then status, then events) → when to look again. A controller gives its
 * steps; the order, the timing, the Secret reads between planner runs, the API server's refusal of an
 * owned object and the requeue are this file's.
 */
import type { KubernetesObject } from '@kubernetes/client-node';
import { isConflict } from './apply';
import type { ControllerContext } from './controller-context';
import type { ReconcileRequest, ReconcileResult } from './controller-declaration';
import type { EventInput } from './events';
import { apiServerSaid, KubeRequestError } from './kube-request';
import type { ResourceDescriptor } from './resource';
import { planWithSecrets, type SecretLookup, type SecretPending } from './secret-values';
import { syncOwnedObjects } from './sync-owned-objects';
import { timedPlan } from './timed-plan';
import { writeStatus } from './write-status';

/** An event a planner asks for; the skeleton records it with the steps' action. */
export type PlannedEvent = Omit<EventInput, 'action'>;

/** What the skeleton applies of a plan: a planner's own plan type has these members and may have more. */
export interface AppliedPlan<S> {
  /** The owned objects as they should be; absent when the pass leaves them alone (nothing is pruned). */
  objects?: KubernetesObject[];
  /** False keeps owned objects missing from `objects` (the planner could not render them this time). */
  pruneOwned?: boolean;
  /** The whole status to store; absent leaves the stored one as it is. */
  status?: S;
  events?: PlannedEvent[];
  requeueAfterMs?: number;
}

/** What the planner gets beside its observed state: Secret values (see planWithSecrets) and the time. */
export interface PlanInputs {
  secret: SecretLookup;
  pending: SecretPending;
  now: Date;
}

/** The status, event and retry the pass ends with when the API server refuses an owned object. */
export interface Refusal<S> {
  status: S;
  event: PlannedEvent;
  requeueAfterMs: number;
}

/** Returned by an observe step that ends the pass itself: it wrote a prerequisite, or waits for one. */
export class EndPass {
  constructor(readonly result: ReconcileResult | undefined) {}
}

export function endPass(result?: ReconcileResult): EndPass {
  return new EndPass(result);
}

/** A kind with a status subresource; `StatusOf` is the type of its status. */
export type WithStatus = KubernetesObject & { status?: object };
export type StatusOf<T extends WithStatus> = NonNullable<T['status']>;

export interface ReconcileSteps<T extends WithStatus, Observed, Plan extends AppliedPlan<StatusOf<T>>> {
  /** The reconciled kind, whose status subresource the plan's status goes to. */
  resource: ResourceDescriptor<T>;
  /** Everything the planner reads but Secret values: cache lookups, GETs, the claims a pass takes. */
  observe(object: T, request: ReconcileRequest): Observed | EndPass | Promise<Observed | EndPass>;
  /** The controller's pure planner; it may run more than once, as Secret values arrive. */
  plan(observed: Observed, inputs: PlanInputs): Plan;
  /**
   * The plan's writes beyond owned objects, status and events (host labels, other operators'
   * objects, a spec field), before those. Started in the same synchronous step as the last planner
   * run, so what the plan reserved in memory still holds. A result ends the pass (a conflict).
   */
  act?(plan: Plan, observed: Observed): Promise<ReconcileResult | undefined>;
  /**
   * Given, an owned object the API server refuses (a node port held elsewhere, a webhook, a quota)
   * ends the pass with this status and event, looked at again later; otherwise the pass fails and
   * backs off, saying nothing in the status.
   */
  refused?(object: T, message: string, now: Date): Refusal<StatusOf<T>>;
  /** The events' action: "Reconcile" unless set. */
  action?: string;
}

/**
 * The API server's refusal of an object, in its words; undefined for an error that says nothing about
 * the object: a conflict is only a stale read, and a request that got no answer (status 0) may succeed.
 */
export function refusalOf(error: unknown): string | undefined {
  if (!(error instanceof KubeRequestError) || error.status === 0 || isConflict(error)) return undefined;
  return apiServerSaid(error);
}

async function applyPlan<T extends WithStatus, O, P extends AppliedPlan<StatusOf<T>>>(
  ctx: ControllerContext,
  steps: ReconcileSteps<T, O, P>,
  object: T,
  plan: P,
  now: Date,
): Promise<ReconcileResult | undefined> {
  let { status, requeueAfterMs } = plan;
  const events = [...(plan.events ?? [])];
  if (plan.objects) {
    try {
      await syncOwnedObjects(ctx, object, plan.objects, plan.pruneOwned ?? true);
    } catch (error) {
      const message = steps.refused ? refusalOf(error) : undefined;
      if (message === undefined || !steps.refused) throw error;
      const refusal = steps.refused(object, message, now);
      status = refusal.status;
      requeueAfterMs = refusal.requeueAfterMs;
      events.unshift(refusal.event);
    }
  }
  if (status !== undefined) await writeStatus(ctx, steps.resource, object, status);
  for (const event of events) {
    // Not awaited: events are a courtesy (record never throws) and must not slow the reconcile down.
    void ctx.events.record(object, { ...event, action: steps.action ?? 'Reconcile' });
  }
  return requeueAfterMs === undefined ? undefined : { requeueAfterMs };
}

/** A reconcile made of the steps, for a declaration's `setup`. */
export function reconcileWith<T extends WithStatus, O, P extends AppliedPlan<StatusOf<T>>>(
  ctx: ControllerContext,
  steps: ReconcileSteps<T, O, P>,
): (object: T, request: ReconcileRequest) => Promise<ReconcileResult | undefined> {
  return async (object, request) => {
    const observed = await steps.observe(object, request);
    if (observed instanceof EndPass) return observed.result;
    const now = new Date();
    return planWithSecrets(
      ctx.secrets,
      (secret, pending) => timedPlan(ctx, () => steps.plan(observed, { secret, pending, now })),
      async (plan) => {
        const ended = await steps.act?.(plan, observed);
        return ended ?? applyPlan(ctx, steps, object, plan, now);
      },
    );
  };
}
