import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { log } from '../../server/cli';
import { readProgress, tierCounts, type FileResult } from '../../tools/testenv/test-progress';
import { runTool } from './run-tool';
import type { TierResult } from './tier-result';

/**
 * No test has finished for this long: the run is stuck. The slowest test with both its hooks is bounded
 * by vitest.config.ts (60 s a test, 120 s a hook); a Vitest worker that never reports back is not.
 */
export const STALL_MS = 8 * 60_000;
/** A stuck run is resumed with the files it did not finish; a file stuck twice counts as failed. */
const ATTEMPTS = 3;

interface TierOptions {
  root: string;
  reports: string;
  env: NodeJS.ProcessEnv;
  stop: AbortSignal;
  extraArgs?: string[];
  /** For tests of this runner: how long without progress is stuck, and how often to look. */
  stallMs?: number;
  pollMs?: number;
}

async function listFiles(options: TierOptions, project: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    join(options.root, 'node_modules', '.bin', 'vitest'),
    ['list', '--project', project, '--filesOnly', '--json'],
    { cwd: options.root, env: options.env, maxBuffer: 16 * 1024 * 1024 },
  );
  return (JSON.parse(stdout) as { file: string }[]).map((entry) => entry.file);
}

const stuckFile = (file: string, why: string): FileResult => ({
  passed: 0,
  failed: 1,
  skipped: [],
  failures: [`${file}: ${why}`],
  flaky: [],
});

/** Runs one Vitest project; counts come from the progress reporter, file by file, over every attempt. */
export async function vitestTier(tier: string, project: string, options: TierOptions): Promise<TierResult> {
  log(`── ${tier}`);
  const ended = new Map<string, FileResult>();
  const stuckBefore = new Set<string>();
  let errors = 0;
  let exitedClean = false;
  let only: string[] = [];
  const stallMs = options.stallMs ?? STALL_MS;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const progressFile = join(options.reports, `${project}-${attempt}.progress`);
    await writeFile(progressFile, '');
    const outcome = await runTool(
      join(options.root, 'node_modules', '.bin', 'vitest'),
      [
        'run',
        '--project',
        project,
        '--reporter=default',
        `--reporter=${join(options.root, 'tools/testenv/progress-reporter.ts')}`,
        ...(options.extraArgs ?? []),
        ...only,
      ],
      {
        cwd: options.root,
        env: { ...options.env, RACKPILOT_TEST_PROGRESS: progressFile },
        stop: options.stop,
        watch: { progressFile, stallMs, pollMs: options.pollMs },
      },
    );
    const progress = readProgress(await readFile(progressFile, 'utf8'));
    for (const [file, result] of progress.ended) ended.set(file, result);
    errors += progress.errors;
    if (outcome !== 'stalled') {
      exitedClean = outcome === 0;
      break;
    }
    const stuck = progress.unfinished.at(-1);
    log(
      `${tier}: no test finished for ${stallMs / 1000} s ${stuck ? `while ${stuck} ran` : 'between files'}; stopped it`,
    );
    if (stuck && stuckBefore.has(stuck)) {
      log(`${tier}: ${stuck} was stuck twice; counted as failed`);
      ended.set(stuck, stuckFile(stuck, 'stuck on two attempts'));
    }
    if (stuck) stuckBefore.add(stuck);
    const remaining = (await listFiles(options, project))
      .map((file) => relative(options.root, file))
      .filter((file) => !ended.has(file));
    if (remaining.length === 0 || attempt === ATTEMPTS) {
      for (const file of remaining) {
        log(`${tier}: ${file} not run after ${ATTEMPTS} attempts; counted as failed`);
        ended.set(file, stuckFile(file, `not run after ${ATTEMPTS} attempts`));
      }
      exitedClean = remaining.length === 0;
      break;
    }
    log(`${tier}: resuming with the ${remaining.length} files not finished`);
    only = remaining.map((file) => join(options.root, file));
  }
  const counts = tierCounts(ended.values(), errors, exitedClean);
  return { tier, ...counts };
}
