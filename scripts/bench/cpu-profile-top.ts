// npx tsx scripts/bench/cpu-profile-top.ts <file.cpuprofile> [top]
// The functions a V8 CPU profile (node --cpu-prof) spent the most self time in, as a Markdown table.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount?: number;
    children?: number[];
  }[];
  samples?: number[];
  startTime: number;
  endTime: number;
}

export interface SelfTime {
  /** `function (file:line)`, `(anonymous)` for unnamed functions, V8's own entries as named. */
  name: string;
  ms: number;
  share: number;
}

/** Self time per function (same name, file and line merged), largest first; samples evenly spaced. */
export function topSelfTime(profile: CpuProfile, top: number): SelfTime[] {
  const hits = new Map<number, number>();
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
  const totalHits = [...hits.values()].reduce((sum, n) => sum + n, 0);
  const msPerHit = totalHits > 0 ? (profile.endTime - profile.startTime) / 1000 / totalHits : 0;
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? node.hitCount ?? 0;
    if (count === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? ` (${basename(url)}:${lineNumber + 1})` : '';
    const name = `${functionName || '(anonymous)'}${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + count);
  }
  return [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, count]) => ({ name, ms: count * msPerHit, share: totalHits > 0 ? count / totalHits : 0 }));
}

if (process.argv[1]?.endsWith('cpu-profile-top.ts')) {
  const [file, top = '15'] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpu-profile-top <file.cpuprofile> [top]');
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  console.log(`profile ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`);
  console.log('| self (ms) | share | function |');
  console.log('|---|---|---|');
  for (const entry of topSelfTime(profile, Number(top)))
    console.log(`| ${entry.ms.toFixed(0)} | ${(entry.share * 100).toFixed(1)} % | ${entry.name} |`);
}
