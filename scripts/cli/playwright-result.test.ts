import { describe, expect, it } from 'vitest';
import { playwrightResult, type PlaywrightReport } from './playwright-result';

const test = (status: 'expected' | 'unexpected' | 'flaky' | 'skipped', error?: string) => ({
  status,
  results: error ? [{ error: { message: error } }, {}] : [{}],
});

// The shape of Playwright's json report: a suite per file, describe blocks as nested suites.
const report: PlaywrightReport = {
  stats: { expected: 2, unexpected: 1, flaky: 1 },
  suites: [
    {
      title: 'hosts.spec.ts',
      specs: [
        { title: 'lists hosts', file: 'hosts.spec.ts', tests: [test('expected')] },
        {
          title: 'powers off',
          file: 'hosts.spec.ts',
          tests: [
            test(
              'unexpected',
              '\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: x',
            ),
          ],
        },
      ],
      suites: [
        {
          title: 'the wall',
          specs: [
            {
              title: 'fits 1080p',
              file: 'hosts.spec.ts',
              tests: [test('flaky', 'Timeout 10000ms exceeded')],
            },
            { title: 'fits 4K', file: 'hosts.spec.ts', tests: [test('skipped')] },
            { title: 'rotates', file: 'hosts.spec.ts', tests: [test('expected')] },
          ],
        },
      ],
    },
  ],
};

describe('playwrightResult', () => {
  it('counts flaky tests as passed and names them, and names each failure with its first plain line', () => {
    expect(playwrightResult('e2e', report, 1)).toEqual({
      tier: 'e2e',
      passed: 3,
      failed: 1,
      skipped: ['e2e/hosts.spec.ts > the wall > fits 4K'],
      failures: ['e2e/hosts.spec.ts > powers off: Error: expect(locator).toBeVisible() failed'],
      flaky: ['e2e/hosts.spec.ts > the wall > fits 1080p'],
    });
  });

  it('fails once when Playwright exited with an error and no test failed', () => {
    const clean: PlaywrightReport = { stats: { expected: 0, unexpected: 0, flaky: 0 }, suites: [] };
    expect(playwrightResult('e2e', clean, 0).failed).toBe(0);
    expect(playwrightResult('e2e', clean, 1).failures).toEqual(['playwright exited with 1']);
  });
});
