import { describe, expect, it } from 'vitest';
import type { ControllerContext } from './controller-context';
import { ControllerMetrics } from './controller-metrics';
import { timedPlan } from './timed-plan';

describe('timedPlan', () => {
  it("returns the planner's result and records its time under the controller's name, also when it throws", async () => {
    const metrics = new ControllerMetrics();
    const ctx = { metrics, controller: { name: 'vrouter', owns: [] } } as unknown as ControllerContext;
    expect(timedPlan(ctx, () => 42)).toBe(42);
    expect(() =>
      timedPlan(ctx, () => {
        throw new Error('bad plan');
      }),
    ).toThrow('bad plan');
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/rackpilot_plan_duration_seconds_count\{controller="vrouter"\} 2/);
    expect(text).toMatch(/rackpilot_plan_cpu_seconds_count\{controller="vrouter"\} 2/);
  });

  it('records CPU time that a plan spent working, and not the time it spent waiting', async () => {
    const sums = async (plan: () => unknown) => {
      const metrics = new ControllerMetrics();
      const ctx = { metrics, controller: { name: 'sip', owns: [] } } as unknown as ControllerContext;
      timedPlan(ctx, plan);
      const sum = async (histogram: ControllerMetrics['planCpu']) =>
        (await histogram.get()).values.find((v) => v.metricName?.endsWith('_sum'))?.value ?? NaN;
      return { wall: await sum(metrics.planDuration), cpu: await sum(metrics.planCpu) };
    };
    const working = await sums(() => {
      const before = process.cpuUsage();
      for (;;) {
        const used = process.cpuUsage(before);
        if (used.user + used.system >= 30_000) return;
      }
    });
    expect(working.cpu).toBeGreaterThanOrEqual(0.03);
    // Blocked: the thread sleeps 30 ms without using a core.
    const waiting = await sums(() => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30));
    expect(waiting.wall).toBeGreaterThanOrEqual(0.029);
    expect(waiting.cpu).toBeLessThan(0.015);
  });
});
