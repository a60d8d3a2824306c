import { describe, expect, it } from 'vitest';
import { pairedRounds, roundOrder, runAlternatingRounds } from './alternating-rounds';

describe('alternating rounds', () => {
  it('reverses the order of the modes in every other round', () => {
    expect(roundOrder(0, ['floor', 'controller'])).toEqual(['floor', 'controller']);
    expect(roundOrder(1, ['floor', 'controller'])).toEqual(['controller', 'floor']);
    expect(roundOrder(2, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
  });

  it('runs each mode once per round, one at a time, in that order', async () => {
    const log: string[] = [];
    let running = 0;
    let load = 0;
    const results = await runAlternatingRounds(
      3,
      ['floor', 'controller'],
      async (mode, round) => {
        running++;
        expect(running).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 1));
        log.push(`${round}:${mode}`);
        running--;
        return mode.length;
      },
      () => load++,
    );
    expect(log).toEqual(['0:floor', '0:controller', '1:controller', '1:floor', '2:floor', '2:controller']);
    expect(results[1]).toMatchObject({
      round: 0,
      mode: 'controller',
      result: 10,
      load: { before: 2, after: 3 },
    });
  });

  it('refuses a round count that is not a whole number of at least one', async () => {
    await expect(runAlternatingRounds(0, ['a'], () => Promise.resolve(1))).rejects.toThrow(/rounds/);
    await expect(runAlternatingRounds(Number.NaN, ['a'], () => Promise.resolve(1))).rejects.toThrow(/rounds/);
  });

  it('pairs the two modes of each round, whatever order they ran in, busy when either was, leaving out incomplete rounds', () => {
    const quiet = { before: 1, after: 1.5, cores: 2 };
    const busy = { before: 3, after: 1, cores: 2 };
    const results = [
      { round: 0, mode: 'build', result: { seconds: 8 }, load: quiet },
      { round: 0, mode: 'tsx', result: { seconds: 10 }, load: quiet },
      { round: 1, mode: 'tsx', result: { seconds: 12 }, load: busy },
      { round: 1, mode: 'build', result: { seconds: 6 }, load: quiet },
      { round: 2, mode: 'build', result: { seconds: 9 }, load: quiet },
    ];
    expect(pairedRounds(results, 'build', 'tsx', (r) => r.seconds)).toEqual([
      { round: 0, measured: 8, floor: 10, busy: false },
      { round: 1, measured: 6, floor: 12, busy: true },
    ]);
    expect(pairedRounds(results, 'tsx', 'none', (r) => r.seconds)).toEqual([]);
  });
});
