import { stripVTControlCharacters } from 'node:util';
import type { TierResult } from './tier-result';

interface PlaywrightTest {
  status: 'expected' | 'unexpected' | 'flaky' | 'skipped';
  results: { error?: { message?: string } }[];
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; file: string; tests: PlaywrightTest[] }[];
  suites?: PlaywrightSuite[];
}

export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  suites: PlaywrightSuite[];
}

/** Every test of the report with its name as `e2e/<file> > <describe titles> > <title>`. */
function playwrightTests(
  suites: PlaywrightSuite[],
  titles: string[] = [],
): { name: string; test: PlaywrightTest }[] {
  return suites.flatMap((suite) => {
    // The top-level suite is the file, which each spec names itself.
    const path = titles.length === 0 ? [] : [...titles, suite.title];
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((test) => ({
        name: [`e2e/${spec.file}`, ...path.slice(1), spec.title].join(' > '),
        test,
      })),
    );
    return [...own, ...playwrightTests(suite.suites ?? [], titles.length === 0 ? [suite.title] : path)];
  });
}

function firstErrorLine(test: PlaywrightTest): string {
  const message = test.results.find((result) => result.error)?.error?.message ?? 'failed without an error';
  // Playwright colours its messages; the summary line is plain.
  return stripVTControlCharacters(message).split('\n', 1)[0] ?? '';
}

/** The e2e tier's result from Playwright's json report and its exit code. */
export function playwrightResult(tier: string, report: PlaywrightReport, code: number): TierResult {
  const tests = playwrightTests(report.suites);
  const named = (status: PlaywrightTest['status']) => tests.filter(({ test }) => test.status === status);
  const failures = named('unexpected').map(({ name, test }) => `${name}: ${firstErrorLine(test)}`);
  if (failures.length === 0 && code !== 0) failures.push(`playwright exited with ${code}`);
  return {
    tier,
    passed: report.stats.expected + report.stats.flaky,
    failed: failures.length,
    skipped: named('skipped').map(({ name }) => name),
    failures,
    flaky: named('flaky').map(({ name }) => name),
  };
}
