import { describe, expect, it } from 'vitest';
import { errorLeaves } from './error-leaves';

describe('errorLeaves', () => {
  it('lists nested and array errors by dotted path, parents first, and skips refs', () => {
    const ref = { name: 'name', focus: () => undefined };
    const tree = {
      name: { type: 'custom', message: 'Enter a name', ref },
      roles: {
        type: 'custom',
        message: 'At least one role',
        Worker: { matchLabels: [undefined, { key: { type: 'custom', message: 'Bad key', ref } }] },
      },
    };
    expect(errorLeaves(tree)).toEqual([
      ['name', 'Enter a name'],
      ['roles', 'At least one role'],
      ['roles.Worker.matchLabels.1.key', 'Bad key'],
    ]);
  });

  it('is empty for no errors', () => {
    expect(errorLeaves({})).toEqual([]);
    expect(errorLeaves(undefined)).toEqual([]);
  });
});
