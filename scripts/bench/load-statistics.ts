// The figures bench-load prints: answers grouped by minute of the run, memory growth, and whether every
// viewer was shown every change.
import { quantile } from './bench-statistics';

/** One HTTP answer: when it came (ms since the epoch), how long it took, its status. */
export interface Answer {
  at: number;
  ms: number;
  status: number;
}

export interface MinuteFigures {
  /** 1-based minute of the run. */
  minute: number;
  count: number;
  p50: number;
  p99: number;
  mean: number;
  /** Answers with a 5xx status. */
  serverErrors: number;
}

const MINUTE_MS = 60_000;

/** Answers bucketed by minute since `start`; those before it or after `minutes` are left out. */
export function perMinute(answers: readonly Answer[], start: number, minutes: number): MinuteFigures[] {
  const buckets = Array.from({ length: minutes }, () => [] as Answer[]);
  for (const answer of answers) buckets[Math.floor((answer.at - start) / MINUTE_MS)]?.push(answer);
  return buckets.map((bucket, index) => {
    const sorted = bucket.map((answer) => answer.ms).sort((a, b) => a - b);
    return {
      minute: index + 1,
      count: bucket.length,
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      mean: mean(sorted),
      serverErrors: bucket.filter((answer) => answer.status >= 500).length,
    };
  });
}

/** Quantiles and mean over the whole run. */
export function overall(answers: readonly Answer[]): { p50: number; p99: number; mean: number } {
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), mean: mean(sorted) };
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Growth from the first to the last sample as a fraction (0.15 is 15 %). */
export function growth(samples: readonly number[]): number {
  const first = samples[0];
  const last = samples.at(-1);
  if (first === undefined || last === undefined || !(first > 0)) return Number.NaN;
  return (last - first) / first;
}

/** A change the operators made: the object, its sequence number (higher is later), when it was answered. */
export interface Change {
  key: string;
  seq: number;
  at: number;
}

/** When a viewer was first shown each higher sequence number of an object, in the order it was shown. */
export type Sightings = ReadonlyMap<string, readonly { seq: number; at: number }[]>;

export interface Delivery {
  /** viewers × changes. */
  expected: number;
  /** Pairs where the viewer was shown the change or a later one of the same object. */
  received: number;
  /** Viewers shown every change. */
  completeViewers: number;
  /** Answer to first sighting, ms, ascending, of the pairs received (negative: shown before the answer). */
  latencies: number[];
}

/**
 * A view may fold a burst of changes into one message, so a viewer that was shown a later state of an
 * object has been shown every earlier change of it too.
 */
export function delivery(changes: readonly Change[], viewers: readonly Sightings[]): Delivery {
  let received = 0;
  let completeViewers = 0;
  const latencies: number[] = [];
  for (const sightings of viewers) {
    let missed = 0;
    for (const change of changes) {
      const seen = sightings.get(change.key)?.find((sighting) => sighting.seq >= change.seq);
      if (!seen) {
        missed++;
        continue;
      }
      received++;
      latencies.push(seen.at - change.at);
    }
    if (missed === 0) completeViewers++;
  }
  latencies.sort((a, b) => a - b);
  return { expected: changes.length * viewers.length, received, completeViewers, latencies };
}
