import { describe, expect, it } from 'vitest';
import { ControllerMetrics } from './controller-metrics';

describe('ControllerMetrics', () => {
  it("exports the boot service's responses by status class, its MACs and evictions", async () => {
    const metrics = new ControllerMetrics();
    const responses = new Map([
      ['2xx', 7],
      ['5xx', 2],
    ]);
    metrics.trackBootService({ size: () => 3, evictions: () => 1, responses: () => responses });
    const text = await metrics.registry.metrics();
    expect(text).toContain('rackpilot_boot_responses_total{code="2xx"} 7');
    expect(text).toContain('rackpilot_boot_responses_total{code="5xx"} 2');
    expect(text).toContain('rackpilot_boot_known_macs 3');
    expect(text).toContain('rackpilot_boot_sightings_evicted_total 1');
    responses.set('5xx', 3);
    expect(await metrics.registry.metrics()).toContain('rackpilot_boot_responses_total{code="5xx"} 3');
  });
});
