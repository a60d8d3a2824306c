import { performance } from 'node:perf_hooks';
import type { ControllerContext } from './controller-context';

/**
 * Runs a controller's pure planner and records how long it took, as wall time
 * (rackpilot_plan_duration_seconds) and as the process's CPU time (rackpilot_plan_cpu_seconds): the part
 * of a reconcile that is the controller's own work, apart from waiting on the API server. The two differ
 * when the node's cores are shared: wall time then includes the time the process waited for a core.
 */
export function timedPlan<T>(ctx: ControllerContext, plan: () => T): T {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  try {
    return plan();
  } finally {
    const cpu = process.cpuUsage(cpuBefore);
    const labels = { controller: ctx.controller.name };
    ctx.metrics.planDuration.observe(labels, (performance.now() - started) / 1000);
    ctx.metrics.planCpu.observe(labels, (cpu.user + cpu.system) / 1e6);
  }
}
