// Which object bench:console writes next. The default mode goes round robin over the objects a view
// shows and a few hundred others; the instance mode (--instance) spreads its changes over the whole
// fleet, as an operator's console sees them, with a share of them on the objects the timed tabs show.

export interface PlannedWrite {
  key: string;
  /** An object a timed tab shows: its write → paint is measured. */
  timed: boolean;
}

/** Round robin over the timed keys, then the background ones not among them. */
export function roundRobin(
  timed: readonly string[],
  background: readonly string[],
  count: number,
): PlannedWrite[] {
  const shown = new Set(timed);
  const keys = [...timed, ...background.filter((key) => !shown.has(key))];
  if (keys.length === 0) return [];
  return Array.from({ length: count }, (_, n) => {
    const key = keys[n % keys.length] ?? '';
    return { key, timed: shown.has(key) };
  });
}

/** A small seeded generator (mulberry32): the same plan for the same seed, run after run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** `keys` in a shuffled order (Fisher–Yates), fixed by `seed`. */
export function shuffled(keys: readonly string[], seed: number): string[] {
  const random = seededRandom(seed);
  const out = [...keys];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as string, out[i] as string];
  }
  return out;
}

/**
 * `count` writes of which `share` (0–1) go to the timed keys, evenly interleaved and in turn; the
 * others walk `fleet` without the timed keys and without `spared` (objects a tab shows but does not
 * time, so what it shows stays what the benchmark checks) in a shuffled order, each object once before
 * any twice, so the changes come from anywhere in the fleet.
 */
export function spreadOverFleet(
  timed: readonly string[],
  fleet: readonly string[],
  count: number,
  { share, spared = [], seed = 1 }: { share: number; spared?: readonly string[]; seed?: number },
): PlannedWrite[] {
  if (share < 0 || share > 1) throw new Error(`share must be from 0 to 1, not ${share}`);
  const left = new Set([...timed, ...spared]);
  const background = shuffled(
    fleet.filter((key) => !left.has(key)),
    seed,
  );
  const plan: PlannedWrite[] = [];
  let timedWrites = 0;
  let backgroundWrites = 0;
  for (let n = 0; n < count; n++) {
    // Write n is timed when the running count of timed writes, at `share` of all, steps up here.
    const isTimed =
      timed.length > 0 && (background.length === 0 || Math.floor((n + 1) * share) > Math.floor(n * share));
    if (isTimed) plan.push({ key: timed[timedWrites++ % timed.length] ?? '', timed: true });
    else if (background.length > 0)
      plan.push({ key: background[backgroundWrites++ % background.length] ?? '', timed: false });
  }
  return plan;
}
