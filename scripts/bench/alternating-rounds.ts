// Benchmarks that compare two or more ways of doing the same work run them in rounds, each round
// starting with a different one, so none always meets a machine still busy with the previous run.

/** The order of `modes` in round `round` (from 0): as given in even rounds, reversed in odd ones. */
export function roundOrder<T>(round: number, modes: readonly T[]): T[] {
  return round % 2 === 0 ? [...modes] : [...modes].reverse();
}

export interface RoundResult<M extends string, R> {
  round: number;
  mode: M;
  result: R;
}

/** Runs every mode once per round, in alternating order, one after the other; results in run order. */
export async function runAlternatingRounds<M extends string, R>(
  rounds: number,
  modes: readonly M[],
  run: (mode: M, round: number) => Promise<R>,
): Promise<RoundResult<M, R>[]> {
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`rounds must be a whole number ≥ 1, not ${rounds}`);
  const results: RoundResult<M, R>[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const mode of roundOrder(round, modes))
      results.push({ round, mode, result: await run(mode, round) });
  }
  return results;
}

/**
 * Per round, `value` of the `measured` mode's result beside the `floor` mode's (ratioSummary's input):
 * the two ran on the machine in the same state. A round that lacks either is left out.
 */
export function pairedRounds<M extends string, R>(
  results: readonly RoundResult<M, R>[],
  measured: M,
  floor: M,
  value: (result: R) => number,
): { round: number; measured: number; floor: number }[] {
  const rounds = [...new Set(results.map((r) => r.round))].sort((a, b) => a - b);
  return rounds.flatMap((round) => {
    const of = (mode: M) => results.find((r) => r.round === round && r.mode === mode);
    const m = of(measured);
    const f = of(floor);
    return m && f ? [{ round, measured: value(m.result), floor: value(f.result) }] : [];
  });
}
