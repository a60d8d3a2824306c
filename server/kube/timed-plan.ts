import { performance } from 'node:perf_hooks';
import type { ControllerContext } from './controller-context';

/**
 * Runs a controller's pure planner and records how long it took (rackpilot_plan_duration_seconds):
 * the part of a reconcile that is the controller's own CPU, apart from waiting on the API server.
 */
export function timedPlan<T>(ctx: ControllerContext, plan: () => T): T {
  const started = performance.now();
  try {
    return plan();
  } finally {
    ctx.metrics.planDuration.observe(
      { controller: ctx.controller.name },
      (performance.now() - started) / 1000,
    );
  }
}
