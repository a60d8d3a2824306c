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
  median: number;
  min: number;
  max: number;
}

/**
 * The ratio of each round's measured time to the floor of the same round, and their median and
 * range: both runs of a round share the machine's state of the moment, so the per-round ratio is
 * steadier than either time.
 */
export function ratioSummary(rounds: readonly { measured: number; floor: number }[]): RatioSummary {
  if (rounds.some((r) => !(r.floor > 0) || !(r.measured >= 0)))
    throw new Error('every round needs a positive floor and a measured time');
  const ratios = rounds.map((r) => r.measured / r.floor);
  return {
    ratios,
    median: median(ratios),
    min: Math.min(...ratios),
    max: Math.max(...ratios),
  };
}

/** e.g. `1.12 (1.05–1.31, 3 rounds: 1.12, 1.05, 1.31)`. */
export function describeRatio(summary: RatioSummary): string {
  const each = summary.ratios.map((r) => r.toFixed(2)).join(', ');
  return `${summary.median.toFixed(2)} (${summary.min.toFixed(2)}–${summary.max.toFixed(2)}, ${summary.ratios.length} rounds: ${each})`;
}
