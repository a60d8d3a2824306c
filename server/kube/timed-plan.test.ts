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
  });
});
