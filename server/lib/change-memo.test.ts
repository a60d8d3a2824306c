import { describe, expect, it } from 'vitest';
import { ChangeMemo } from './change-memo';

function counted(memo: ChangeMemo<string>) {
  let computed = 0;
  const answer = (key: string) =>
    memo.answer(key, () => {
      computed++;
      return `${key}#${computed}`;
    });
  return { answer, computed: () => computed };
}

describe('ChangeMemo', () => {
  it('computes a key once and answers the held value until a change', () => {
    const memo = new ChangeMemo<string>(4);
    const { answer, computed } = counted(memo);
    expect([answer('a'), answer('a'), answer('b'), answer('a')]).toEqual(['a#1', 'a#1', 'b#2', 'a#1']);
    expect(computed()).toBe(2);
  });

  it('computes every key afresh after forget', () => {
    const memo = new ChangeMemo<string>(4);
    const { answer } = counted(memo);
    answer('a');
    answer('b');
    memo.forget();
    expect(memo.size).toBe(0);
    expect([answer('a'), answer('b')]).toEqual(['a#3', 'b#4']);
  });

  it('holds at most its limit, dropping the oldest computed and counting it', () => {
    const memo = new ChangeMemo<string>(2);
    const { answer } = counted(memo);
    answer('a');
    answer('b');
    answer('c');
    expect(memo.size).toBe(2);
    expect(memo.evictions).toBe(1);
    expect(answer('b')).toBe('b#2');
    expect(answer('a')).toBe('a#4');
  });

  it('holds an answer that is undefined like any other', () => {
    const memo = new ChangeMemo<undefined>(2);
    let computed = 0;
    const compute = () => {
      computed++;
      return undefined;
    };
    memo.answer('a', compute);
    memo.answer('a', compute);
    expect(computed).toBe(1);
  });

  it('refuses a limit below one', () => {
    expect(() => new ChangeMemo(0)).toThrow(/at least one/);
  });
});
