import { describe, expect, it } from 'vitest';
import { judgeSkips } from './skip-allowlist';

describe('judgeSkips', () => {
  const allowlist = [{ test: 'a.int.test.ts > root only', reason: 'needs root' }];

  it.each([
    { skipped: [], allowed: [], unlisted: [] },
    { skipped: ['a.int.test.ts > root only'], allowed: allowlist, unlisted: [] },
    { skipped: ['a.int.test.ts > other'], allowed: [], unlisted: ['a.int.test.ts > other'] },
    {
      skipped: ['a.int.test.ts > root only', 'b.test.ts > x'],
      allowed: allowlist,
      unlisted: ['b.test.ts > x'],
    },
  ])('$skipped → allowed $allowed.length, unlisted $unlisted', ({ skipped, allowed, unlisted }) => {
    expect(judgeSkips(skipped, allowlist)).toEqual({ allowed, unlisted });
  });
});
