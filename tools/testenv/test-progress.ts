/**
 * What a Vitest tier has done so far, one JSON line per event, appended by tools/testenv/progress-reporter.ts
 * and read by `npm test`. Written as it happens (not at the end, as Vitest's json report is), so a tier
 * that stops making progress can be stopped and resumed with the files it has not finished.
 */
export type ProgressLine =
  | { t: 'start'; file: string }
  | { t: 'test'; file: string }
  | ({ t: 'end'; file: string } & FileResult)
  | { t: 'errors'; count: number };

export interface FileResult {
  passed: number;
  failed: number;
  /** Each skipped test as `<file> > <titles>`, as the skip allowlist names it. */
  skipped: string[];
  /** Each failed test as `<file> > <titles>: <first line of its error>`, for the run's closing lines. */
  failures: string[];
  /** Each test that failed and then passed on its retry, as `<file> > <titles>`: counted as passed, named. */
  flaky: string[];
}

export interface Progress {
  /** Every file that finished, with its counts. */
  ended: Map<string, FileResult>;
  /** Files that started and did not finish, in the order they started. */
  unfinished: string[];
  /** Errors Vitest raised outside any test. */
  errors: number;
}

export function progressLine(line: ProgressLine): string {
  return `${JSON.stringify(line)}\n`;
}

function parseLine(text: string): ProgressLine | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && 't' in value ? (value as ProgressLine) : undefined;
  } catch {
    // The last line of a killed run can be cut short; it carries nothing to count.
    return undefined;
  }
}

export function readProgress(text: string): Progress {
  const ended = new Map<string, FileResult>();
  const started: string[] = [];
  let errors = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim() ? parseLine(raw) : undefined;
    if (!line) continue;
    if (line.t === 'start') started.push(line.file);
    else if (line.t === 'end')
      ended.set(line.file, {
        passed: line.passed,
        failed: line.failed,
        skipped: line.skipped,
        failures: line.failures,
        flaky: line.flaky,
      });
    else if (line.t === 'errors') errors += line.count;
  }
  return { ended, unfinished: started.filter((file) => !ended.has(file)), errors };
}

/** The counts of a tier over all its attempts; a non-zero exit with nothing failed still fails once. */
export function tierCounts(ended: Iterable<FileResult>, errors: number, exitedClean: boolean): FileResult {
  const total: FileResult = { passed: 0, failed: errors, skipped: [], failures: [], flaky: [] };
  for (const file of ended) {
    total.passed += file.passed;
    total.failed += file.failed;
    total.skipped.push(...file.skipped);
    total.failures.push(...file.failures);
    total.flaky.push(...file.flaky);
  }
  if (errors > 0) total.failures.push(`${errors} error(s) outside any test; see the output above`);
  if (!exitedClean && total.failed === 0) {
    total.failed = 1;
    total.failures.push('the tool exited with an error and no test failed; see the output above');
  }
  return total;
}
