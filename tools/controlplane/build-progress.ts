/** What a long Go build has done so far, in the words the person waiting for it needs. */
export interface BuildProgress {
  compiled: number;
  /** Packages the build may compile; fewer are compiled when Go's build cache already holds some. */
  total: number;
  elapsedMs: number;
}

function minutes(ms: number): string {
  const m = Math.max(1, Math.round(ms / 60_000));
  return m === 1 ? 'about 1 min' : `about ${m} min`;
}

/**
 * One progress line. The estimate extrapolates the compile rate so far; linking comes after the last
 * package and is not in the count, so the line says so rather than promising a finish time.
 */
export function describeBuildProgress({ compiled, total, elapsedMs }: BuildProgress): string {
  const done = Math.min(compiled, total);
  const percent = total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : 0;
  const elapsed =
    elapsedMs < 60_000 ? `${Math.round(elapsedMs / 1000)} s` : `${Math.round(elapsedMs / 60_000)} min`;
  const head = `compiled ${done}/${total} packages (${percent}%) in ${elapsed}`;
  if (total > 0 && done === total) return `${head}; linking`;
  if (done === 0 || elapsedMs < 20_000) return `${head}; estimating time left`;
  const left = ((total - done) * elapsedMs) / done;
  return `${head}; ${minutes(left)} left to compile, then linking`;
}

/** Reports progress at most once per interval, so a build of 2,000 packages prints a few lines, not 2,000. */
export class BuildProgressReporter {
  private compiled = 0;
  private lastReport: number;

  constructor(
    private readonly total: number,
    private readonly log: (line: string) => void,
    private readonly intervalMs = 30_000,
    private readonly started = Date.now(),
    private readonly now: () => number = Date.now,
  ) {
    this.lastReport = started;
  }

  /** `go build -v` writes one import path per compiled package; other lines are warnings or errors. */
  onBuildLine(line: string): void {
    if (!/^[\w.-]+(\/[\w.~-]+)*$/.test(line.trim())) return;
    this.compiled++;
    const at = this.now();
    if (at - this.lastReport < this.intervalMs) return;
    this.lastReport = at;
    this.log(
      describeBuildProgress({ compiled: this.compiled, total: this.total, elapsedMs: at - this.started }),
    );
  }
}
