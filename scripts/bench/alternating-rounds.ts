// Benchmarks that compare two or more ways of doing the same work run them in rounds, each round
// starting with a different one, so none always meets a machine still busy with the previous run.
import { currentLoad, isBusy, machineCores, withLoad, type RunLoad } from './run-load';

/** The order of `modes` in round `round` (from 0): as given in even rounds, reversed in odd ones. */
export function roundOrder<T>(round: number, modes: readonly T[]): T[] {
  return round % 2 === 0 ? [...modes] : [...modes].reverse();
}

export interface RoundResult<M extends string, R> {
  round: number;
  mode: M;
  result: R;
  /** The machine's load around the run. */
  load: RunLoad;
}

/**
 * Runs every mode once per round, in alternating order, one after the other; results in run order,
 * each with the load average around it.
 */
export async function runAlternatingRounds<M extends string, R>(
  rounds: number,
  modes: readonly M[],
  run: (mode: M, round: number) => Promise<R>,
  readLoad: () => number = currentLoad,
): Promise<RoundResult<M, R>[]> {
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`rounds must be a whole number ≥ 1, not ${rounds}`);
  const results: RoundResult<M, R>[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const mode of roundOrder(round, modes)) {
      const { result, load } = await withLoad(() => run(mode, round), readLoad, machineCores());
      results.push({ round, mode, result, load });
    }
  }
  return results;
}

/**
 * Per round, `value` of the `measured` mode's result beside the `floor` mode's (ratioSummary's input):
 * the two ran on the machine in the same state. A round that lacks either is left out; a round is busy
 * when either of its runs was.
 */
export function pairedRounds<M extends string, R>(
  results: readonly RoundResult<M, R>[],
  measured: M,
  floor: M,
  value: (result: R) => number,
): { round: number; measured: number; floor: number; busy: boolean }[] {
  const rounds = [...new Set(results.map((r) => r.round))].sort((a, b) => a - b);
  return rounds.flatMap((round) => {
    const of = (mode: M) => results.find((r) => r.round === round && r.mode === mode);
    const m = of(measured);
    const f = of(floor);
    if (!m || !f) return [];
    return [
      {
        round,
        measured: value(m.result),
        floor: value(f.result),
        busy: isBusy(m.load) || isBusy(f.load),
      },
    ];
  });
}
