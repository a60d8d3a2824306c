// Statistics the benchmarks print: quantiles of latencies and the ratio of a measured run to its floor.

/** The q-quantile (0…1) of ascending `sorted`, nearest rank; NaN when there is nothing to rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** The median, the mean of the middle two for an even count. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
}

export interface RatioSummary {
  /** measured / floor of each round, in round order. */
  ratios: number[];
  /** Per round: ran while the machine was over its cores, so left out of median, min and max. */
  busy: boolean[];
  /** Of the rounds not busy; NaN when every round was. */
  median: number;
  min: number;
  max: number;
}

/**
 * The ratio of each round's measured time to the floor of the same round, and their median and
 * range: both runs of a round share the machine's state of the moment, so the per-round ratio is
 * steadier than either time. Busy rounds are kept in `ratios` and left out of the rest.
 */
export function ratioSummary(
  rounds: readonly { measured: number; floor: number; busy?: boolean }[],
): RatioSummary {
  if (rounds.some((r) => !(r.floor > 0) || !(r.measured >= 0)))
    throw new Error('every round needs a positive floor and a measured time');
  const ratios = rounds.map((r) => r.measured / r.floor);
  const busy = rounds.map((r) => r.busy === true);
  const counted = ratios.filter((_, index) => !busy[index]);
  return {
    ratios,
    busy,
    median: median(counted),
    min: counted.length > 0 ? Math.min(...counted) : Number.NaN,
    max: counted.length > 0 ? Math.max(...counted) : Number.NaN,
  };
}

/** e.g. `1.12 (1.05–1.31, 3 rounds: 1.12, 1.05, 1.31)`, busy rounds marked and not counted. */
export function describeRatio(summary: RatioSummary): string {
  const each = summary.ratios
    .map((r, index) => `${r.toFixed(2)}${summary.busy[index] ? ' busy' : ''}`)
    .join(', ');
  const total = summary.ratios.length;
  const counted = summary.busy.filter((busy) => !busy).length;
  if (counted === 0) return `none: every one of ${total} rounds ran busy (${each})`;
  const rounds = counted === total ? `${total} rounds` : `${counted} of ${total} rounds counted`;
  return `${summary.median.toFixed(2)} (${summary.min.toFixed(2)}–${summary.max.toFixed(2)}, ${rounds}: ${each})`;
}
