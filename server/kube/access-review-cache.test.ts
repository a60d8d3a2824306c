import { describe, expect, it } from 'vitest';
import {
  AccessReviewCache,
  questionKey,
  type AccessAnswer,
  type AccessQuestion,
} from './access-review-cache';

const question = (namespace: string, user = 'rackpilot:ana'): AccessQuestion => ({
  user,
  groups: ['rackpilot:viewer'],
  verb: 'list',
  group: 'metal3.io',
  resource: 'baremetalhosts',
  namespace,
});

/** A fake authorizer: allows the namespaces in `allowed`, counts the questions, answers when told. */
function authorizer(allowed: Set<string>) {
  const asked: string[] = [];
  const waiting: (() => void)[] = [];
  let failWith: string | undefined;
  let held = false;
  const ask = (q: AccessQuestion): Promise<AccessAnswer> => {
    asked.push(q.namespace);
    const answer = () => {
      if (failWith !== undefined) throw new Error(failWith);
      return { allowed: allowed.has(q.namespace) };
    };
    if (!held) return Promise.resolve().then(answer);
    return new Promise((resolve) => waiting.push(() => resolve(Promise.resolve().then(answer))));
  };
  return {
    ask,
    asked,
    hold: () => (held = true),
    release: () => waiting.splice(0).forEach((go) => go()),
    fail: (message: string | undefined) => (failWith = message),
  };
}

function cacheWith(allowed: string[], limits: Partial<AccessReviewCache['limits']> = {}) {
  let now = 0;
  const fake = authorizer(new Set(allowed));
  const cache = new AccessReviewCache(
    fake.ask,
    { ttlMs: 30_000, errorTtlMs: 5000, maxEntries: 100, ...limits },
    () => now,
  );
  return { cache, fake, advance: (ms: number) => (now += ms) };
}

describe('AccessReviewCache', () => {
  it('answers from the authorizer once, then from memory within the TTL', async () => {
    const { cache, fake, advance } = cacheWith(['a']);
    expect(await cache.review(question('a'))).toEqual({ allowed: true });
    expect(await cache.review(question('b'))).toEqual({ allowed: false });
    advance(29_999);
    expect(await cache.review(question('a'))).toEqual({ allowed: true });
    expect(cache.known(question('a'))).toEqual({ allowed: true });
    expect(fake.asked).toEqual(['a', 'b']);
  });

  it('no longer uses an answer once its TTL has passed, and asks again', async () => {
    const { cache, fake, advance } = cacheWith(['a']);
    await cache.review(question('a'));
    advance(30_000);
    expect(cache.known(question('a'))).toBeUndefined();
    await cache.review(question('a'));
    expect(fake.asked).toEqual(['a', 'a']);
  });

  it('asks again an answer older than the age asked for, keeping it meanwhile', async () => {
    const { cache, fake, advance } = cacheWith(['a']);
    await cache.review(question('a'));
    advance(15_000);
    expect(cache.known(question('a'))).toEqual({ allowed: true });
    await cache.review(question('a'), 15_000);
    expect(fake.asked).toEqual(['a', 'a']);
  });

  it('sends one request for callers asking the same question at once', async () => {
    const { cache, fake } = cacheWith(['a']);
    fake.hold();
    const answers = Promise.all([cache.review(question('a')), cache.review(question('a'))]);
    const other = cache.review(question('a', 'rackpilot:bo'));
    fake.release();
    expect(await answers).toEqual([{ allowed: true }, { allowed: true }]);
    expect(await other).toEqual({ allowed: true });
    expect(fake.asked).toEqual(['a', 'a']);
  });

  it('denies when the question fails, keeps the error, and asks again after the error TTL', async () => {
    const { cache, fake, advance } = cacheWith(['a']);
    fake.fail('connect ECONNREFUSED');
    expect(await cache.review(question('a'))).toEqual({ allowed: false, error: 'connect ECONNREFUSED' });
    expect(cache.known(question('a'))?.allowed).toBe(false);
    fake.fail(undefined);
    advance(4999);
    expect((await cache.review(question('a'))).allowed).toBe(false);
    advance(1);
    expect(await cache.review(question('a'))).toEqual({ allowed: true });
    expect(fake.asked).toEqual(['a', 'a']);
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const { cache, fake } = cacheWith(['a', 'b', 'c'], { maxEntries: 2 });
    await cache.review(question('a'));
    await cache.review(question('b'));
    cache.known(question('a'));
    await cache.review(question('c'));
    expect(cache.size).toBe(2);
    expect(cache.known(question('b'))).toBeUndefined();
    expect(cache.known(question('a'))).toEqual({ allowed: true });
    expect(cache.known(question('c'))).toEqual({ allowed: true });
    expect(fake.asked).toEqual(['a', 'b', 'c']);
  });

  it('keys a question by identity and what it asks, groups in any order alike', () => {
    const base = question('a');
    expect(questionKey({ ...base, groups: ['x', 'y'] })).toBe(
      questionKey({ ...base, groups: ['y', 'x', 'x'] }),
    );
    for (const change of [
      { user: 'rackpilot:bo' },
      { groups: ['rackpilot:admin'] },
      { verb: 'watch' },
      { group: 'airship.airshipit.org' },
      { resource: 'sipclusters' },
      { namespace: '' },
    ]) {
      expect(questionKey({ ...base, ...change })).not.toBe(questionKey(base));
    }
  });
});
