import { describe, expect, it } from 'vitest';
import { progressLine, readProgress, tierCounts, type ProgressLine } from './test-progress';

const lines = (...events: ProgressLine[]) => events.map(progressLine).join('');

describe('readProgress', () => {
  it('keeps the counts of finished files and lists the started ones that did not finish, in order', () => {
    const progress = readProgress(
      lines(
        { t: 'start', file: 'a.int.test.ts' },
        { t: 'test', file: 'a.int.test.ts' },
        {
          t: 'end',
          file: 'a.int.test.ts',
          passed: 2,
          failed: 1,
          skipped: ['a.int.test.ts > x'],
          failures: ['a.int.test.ts > y: expected 1 to be 2'],
          flaky: ['a.int.test.ts > z'],
        },
        { t: 'start', file: 'b.int.test.ts' },
        { t: 'start', file: 'c.int.test.ts' },
        { t: 'errors', count: 2 },
      ),
    );
    expect([...progress.ended]).toEqual([
      [
        'a.int.test.ts',
        {
          passed: 2,
          failed: 1,
          skipped: ['a.int.test.ts > x'],
          failures: ['a.int.test.ts > y: expected 1 to be 2'],
          flaky: ['a.int.test.ts > z'],
        },
      ],
    ]);
    expect(progress.unfinished).toEqual(['b.int.test.ts', 'c.int.test.ts']);
    expect(progress.errors).toBe(2);
  });

  it.each([
    ['a line cut short by a kill', `${progressLine({ t: 'start', file: 'a' })}{"t":"end","fi`],
    ['a line that is not an object', `${progressLine({ t: 'start', file: 'a' })}42\nnull\n`],
    ['blank lines', `\n\n${progressLine({ t: 'start', file: 'a' })}\n`],
  ])('reads past %s', (_case, text) => {
    expect(readProgress(text)).toEqual({ ended: new Map(), unfinished: ['a'], errors: 0 });
  });
});

describe('tierCounts', () => {
  const file = (passed: number, failed: number, skipped: string[] = [], failures: string[] = []) => ({
    passed,
    failed,
    skipped,
    failures,
    flaky: [],
  });

  it.each([
    ['sums every file', [file(3, 0), file(2, 1, ['s'], ['f: e'])], 0, true, file(5, 1, ['s'], ['f: e'])],
    [
      'counts errors outside tests as failures',
      [file(3, 0)],
      2,
      true,
      file(3, 2, [], ['2 error(s) outside any test; see the output above']),
    ],
    [
      'fails once when the tool failed and nothing did',
      [file(3, 0)],
      0,
      false,
      file(3, 1, [], ['the tool exited with an error and no test failed; see the output above']),
    ],
    ['does not add to failures that explain the exit', [file(3, 2)], 0, false, file(3, 2)],
    [
      'fails an empty run that did not exit cleanly',
      [],
      0,
      false,
      file(0, 1, [], ['the tool exited with an error and no test failed; see the output above']),
    ],
  ])('%s', (_case, ended, errors, clean, expected) => {
    expect(tierCounts(ended, errors, clean)).toEqual(expected);
  });
});
