// What a test waits on before it acts on a controller: its reconciles, read from the harness's metrics.
import { expect } from 'vitest';
import type { ControllerHarness } from './controller-harness';
import { eventually } from './eventually';

/** Reconciles one controller of the harness has run, whatever their result. */
export async function reconcilesOf(harness: ControllerHarness, controller: string): Promise<number> {
  const { values } = await harness.metrics.reconciles.get();
  return values.filter((v) => v.labels.controller === controller).reduce((sum, v) => sum + v.value, 0);
}

/**
 * Waits until a controller of the harness has run no reconcile for a second, and returns its count:
 * what wakes it next is then what the test does.
 */
export function untilIdle(harness: ControllerHarness, controller: string): Promise<number> {
  return eventually(async () => {
    const before = await reconcilesOf(harness, controller);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await reconcilesOf(harness, controller)).toBe(before);
    return before;
  });
}
