import { describe, expect, it } from 'vitest';
import { eventually } from './eventually';

describe('eventually', () => {
  it('retries until the probe passes and returns its value', async () => {
    let calls = 0;
    const value = await eventually(
      () => {
        calls++;
        if (calls < 3) throw new Error(`not yet (${calls})`);
        return 'converged';
      },
      5_000,
      1,
    );
    expect(value).toBe('converged');
    expect(calls).toBe(3);
  });

  it('rethrows the last failure once the time is up', async () => {
    let calls = 0;
    await expect(
      eventually(
        () => {
          calls++;
          throw new Error(`still failing (${calls})`);
        },
        20,
        5,
      ),
    ).rejects.toThrow(/still failing \(\d+\)/);
    expect(calls).toBeGreaterThan(1);
  });
});
