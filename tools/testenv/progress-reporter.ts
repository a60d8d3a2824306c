import { appendFileSync } from 'node:fs';
import type { SerializedError } from 'vitest';
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { progressLine, type ProgressLine } from './test-progress';

/** An error's first line, cut to fit a summary line; the full error is in the run's output above. */
function firstLine(message: string | undefined): string {
  const line = (message ?? 'failed without an error').split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/**
 * Appends each file's start, each test's end and each file's counts to $RACKPILOT_TEST_PROGRESS as they
 * happen (see test-progress.ts). Synchronous writes: the lines must be on disk when `npm test` kills a
 * stalled run.
 */
export default class ProgressReporter implements Reporter {
  private readonly path = process.env.RACKPILOT_TEST_PROGRESS;

  private write(line: ProgressLine): void {
    if (this.path) appendFileSync(this.path, progressLine(line));
  }

  onTestModuleStart(testModule: TestModule): void {
    this.write({ t: 'start', file: testModule.relativeModuleId });
  }

  onTestCaseResult(testCase: TestCase): void {
    this.write({ t: 'test', file: testCase.module.relativeModuleId });
  }

  onTestModuleEnd(testModule: TestModule): void {
    const file = testModule.relativeModuleId;
    let passed = 0;
    let failed = 0;
    const skipped: string[] = [];
    const failures: string[] = [];
    const flaky: string[] = [];
    for (const test of testModule.children.allTests()) {
      const result = test.result();
      const name = `${file} > ${test.fullName}`;
      if (result.state === 'passed') {
        passed += 1;
        if (test.diagnostic()?.flaky) flaky.push(name);
      } else if (result.state === 'failed') {
        failed += 1;
        failures.push(`${name}: ${firstLine(result.errors[0]?.message)}`);
      } else skipped.push(name);
    }
    // A file that failed to load, or whose hooks failed, has no failed test to count.
    if (failed === 0 && testModule.state() === 'failed') {
      failed = 1;
      failures.push(`${file}: ${firstLine(testModule.errors()[0]?.message)}`);
    }
    this.write({ t: 'end', file, passed, failed, skipped, failures, flaky });
  }

  onTestRunEnd(_modules: readonly TestModule[], unhandledErrors: readonly SerializedError[]): void {
    if (unhandledErrors.length > 0) this.write({ t: 'errors', count: unhandledErrors.length });
  }
}
