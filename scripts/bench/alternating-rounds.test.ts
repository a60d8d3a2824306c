import { describe, expect, it } from 'vitest';
import { roundOrder, runAlternatingRounds } from './alternating-rounds';

describe('alternating rounds', () => {
  it('reverses the order of the modes in every other round', () => {
    expect(roundOrder(0, ['floor', 'controller'])).toEqual(['floor', 'controller']);
    expect(roundOrder(1, ['floor', 'controller'])).toEqual(['controller', 'floor']);
    expect(roundOrder(2, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
  });

  it('runs each mode once per round, one at a time, in that order', async () => {
    const log: string[] = [];
    let running = 0;
    const results = await runAlternatingRounds(3, ['floor', 'controller'], async (mode, round) => {
      running++;
      expect(running).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.push(`${round}:${mode}`);
      running--;
      return mode.length;
    });
    expect(log).toEqual(['0:floor', '0:controller', '1:controller', '1:floor', '2:floor', '2:controller']);
    expect(results[1]).toEqual({ round: 0, mode: 'controller', result: 10 });
  });

  it('refuses a round count that is not a whole number of at least one', async () => {
    await expect(runAlternatingRounds(0, ['a'], () => Promise.resolve(1))).rejects.toThrow(/rounds/);
    await expect(runAlternatingRounds(Number.NaN, ['a'], () => Promise.resolve(1))).rejects.toThrow(/rounds/);
  });
});
