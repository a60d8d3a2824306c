// npx tsx scripts/bench/cpu-profile-long-tasks.ts <file.cpuprofile> [minMs=50] [top=20]
// What held a Node process's event loop: the stretches of a V8 CPU profile with no idle sample for at
// least minMs (every request and socket waits them out), and the functions that ran in them by total
// time (each function counted once per sample, callers included), as Markdown.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { CpuProfile } from './cpu-profile-top';

export interface TimedProfile extends CpuProfile {
  /** µs since the previous sample, one per sample (the first since startTime). */
  timeDeltas?: number[];
}

export interface LongTask {
  /** ms since the profile started. */
  startMs: number;
  durationMs: number;
  /** Indexes into `samples` of the samples inside it. */
  sampleIndexes: number[];
}

const IDLE = '(idle)';

/** Stretches of consecutive non-idle samples lasting at least `minMs`, in order. */
export function longTasks(profile: TimedProfile, minMs: number): LongTask[] {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === IDLE).map((n) => n.id));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const tasks: LongTask[] = [];
  let at = 0;
  let open: { startUs: number; indexes: number[] } | undefined;
  const close = (endUs: number) => {
    if (open && (endUs - open.startUs) / 1000 >= minMs) {
      tasks.push({
        startMs: open.startUs / 1000,
        durationMs: (endUs - open.startUs) / 1000,
        sampleIndexes: open.indexes,
      });
    }
    open = undefined;
  };
  samples.forEach((id, index) => {
    at += deltas[index] ?? 0;
    if (idle.has(id)) close(at);
    else (open ??= { startUs: at, indexes: [] }).indexes.push(index);
  });
  close(at);
  return tasks;
}

function nameOf(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const where = frame.url ? ` (${basename(frame.url)}:${frame.lineNumber + 1})` : '';
  return `${frame.functionName || '(anonymous)'}${where}`;
}

/**
 * Total time per function over the given samples: a sample counts for every function on its stack,
 * once even when the function recurses. Largest first, with its share of the samples.
 */
export function totalTimeIn(
  profile: TimedProfile,
  sampleIndexes: readonly number[],
  top: number,
): { name: string; samples: number; share: number }[] {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const counts = new Map<string, number>();
  for (const index of sampleIndexes) {
    const seen = new Set<string>();
    for (let id: number | undefined = profile.samples?.[index]; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id);
      if (!node || node.callFrame.functionName === '(root)') continue;
      seen.add(nameOf(node.callFrame));
    }
    for (const name of seen) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, samples]) => ({
      name,
      samples,
      share: sampleIndexes.length > 0 ? samples / sampleIndexes.length : 0,
    }));
}

if (process.argv[1]?.endsWith('cpu-profile-long-tasks.ts')) {
  const [file, minMs = '50', top = '20'] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpu-profile-long-tasks <file.cpuprofile> [minMs] [top]');
  const profile = JSON.parse(await readFile(file, 'utf8')) as TimedProfile;
  const tasks = longTasks(profile, Number(minMs));
  const durations = tasks.map((task) => task.durationMs).sort((a, b) => a - b);
  const totalMs = durations.reduce((sum, ms) => sum + ms, 0);
  const seconds = (profile.endTime - profile.startTime) / 1e6;
  console.log(
    `profile ${seconds.toFixed(1)} s: ${tasks.length} stretches ≥ ${minMs} ms without an idle sample, ${(totalMs / 1000).toFixed(1)} s in all; longest ${(durations.at(-1) ?? 0).toFixed(0)} ms, median ${(durations[Math.floor(durations.length / 2)] ?? 0).toFixed(0)} ms`,
  );
  console.log('| share of their samples | function (total time: itself and what it called) |');
  console.log('|---|---|');
  for (const entry of totalTimeIn(
    profile,
    tasks.flatMap((task) => task.sampleIndexes),
    Number(top),
  ))
    console.log(`| ${(entry.share * 100).toFixed(1)} % | ${entry.name} |`);
}
